// GuardsDock: the Guards & Cache dock in MainWindow, fed by the session's guards and call events.
#pragma once

#include "guardscache.h"

#include <QObject>

class QTimer;

namespace dynascope {

class CaptureSession;
class GuardsPanel;
class MainWindow;

class GuardsDock : public QObject {
    Q_OBJECT
public:
    explicit GuardsDock(MainWindow *window);
    GuardsPanel *panel() const { return m_panel; }
    const GuardsCache &cache() const { return m_cache; }
    // Decodes the session's events not seen yet (a lesson stop wants them now, not in 150 ms).
    void refresh();

private:
    CaptureSession *m_session;
    GuardsPanel *m_panel;
    GuardsCache m_cache;
    QTimer *m_debounce;
};

} // namespace dynascope
