// The application's colour theme: the system's, or Dynascope's own light or dark palette.
#pragma once

#include <QObject>

class QMenu;
class QWidget;

namespace dynascope {

// View ▸ Theme: System (the platform palette), Light or Dark (Fusion with a fixed palette). The
// choice is remembered; views that draw their own colours take them from the palette and redraw
// on QEvent::PaletteChange.
class AppTheme : public QObject {
    Q_OBJECT
public:
    enum Theme { System, Light, Dark };

    // Adds the Theme submenu to `menu` and applies the remembered theme.
    AppTheme(QWidget *window, QMenu *menu);

    static void apply(Theme theme);
    Theme current() const { return m_current; }
    void setTheme(Theme theme);

private:
    QWidget *m_window;
    Theme m_current = System;
};

} // namespace dynascope
