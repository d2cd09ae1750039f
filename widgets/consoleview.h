// The run's console: the script's stdout and stderr, the worker's raw stderr, system messages.
#pragma once

#include "capturesession.h"

#include <QPlainTextEdit>

namespace dynascope {

// Appends the session's console entries as they arrive: stdout in the text colour, stderr red,
// system messages grey italic, protocol warnings dark orange italic. Cleared when a run starts.
// A traceback's `File "PATH", line N` is a link: a click selects that line of the script.
class ConsoleView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ConsoleView(CaptureSession *session, QWidget *parent = nullptr);

    // Follows a traceback link ("PATH\nLINE"): selects the line when PATH is the script.
    bool activateLink(const QString &href);
    // The hrefs of the traceback links shown, in order (for tests).
    QStringList links() const;

signals:
    void lineActivated(const QString &file, int line);

protected:
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void append(const ConsoleEntry &entry);
    void appendWithLinks(const QString &text, const QTextCharFormat &format);
    void insert(const QString &text, const QTextCharFormat &format);

    CaptureSession *m_session;
};

} // namespace dynascope
