// The run's console: the script's stdout and stderr, the worker's raw stderr, system messages.
#pragma once

#include "capturesession.h"

#include <QPlainTextEdit>

namespace dynascope {

// Appends the session's console entries as they arrive: stdout in the text colour, stderr red,
// system messages grey italic, protocol warnings dark orange italic. Cleared when a run starts.
class ConsoleView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ConsoleView(CaptureSession *session, QWidget *parent = nullptr);

private:
    void append(const ConsoleEntry &entry);

    CaptureSession *m_session;
};

} // namespace dynascope
