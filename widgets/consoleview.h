// The run's console: the script's stdout and stderr, the worker's raw stderr, system messages.
#pragma once

#include "capturesession.h"

#include <QPlainTextEdit>

#include <vector>

class QTimer;

namespace dynascope {

// Shows the session's console (a ConsoleLog: the run's last megabyte): stdout in the text colour,
// stderr red, system messages grey italic, protocol warnings dark orange italic. Cleared when a
// run starts. A traceback's `File "PATH", line N` is a link: a click selects that line.
//
// Appends in batches: the first entry after a quiet spell shows at once, entries arriving within
// the next BatchMs are inserted together when the timer fires, so a script printing in a loop
// costs one document edit per batch, not one per write. After each batch the view drops from its
// front what the log dropped, and its first line is the log's note ("… 98.9 MB of earlier output
// not kept"); the text below the note is always exactly the log's text.
class ConsoleView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ConsoleView(CaptureSession *session, QWidget *parent = nullptr);

    // Follows a traceback link ("PATH\nLINE"): selects the line when PATH is the script.
    bool activateLink(const QString &href);
    // The hrefs of the traceback links shown, in order (for tests).
    QStringList links() const;
    // Inserts the entries still waiting for the batch timer (tests; the end of a run).
    void flushPending();
    // The note line shown above the kept text (empty when nothing was dropped).
    QString droppedNote() const { return m_note; }

    static constexpr int BatchMs = 40;

signals:
    void lineActivated(const QString &file, int line);

protected:
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void queue(const ConsoleEntry &entry);
    void render();
    void append(const ConsoleEntry &entry);
    void appendWithLinks(const QString &text, const QTextCharFormat &format);
    void insert(const QString &text, const QTextCharFormat &format);
    void dropFront(qint64 chars);
    void showNote(const QString &note);

    CaptureSession *m_session;
    QTimer *m_batch;
    std::vector<ConsoleEntry> m_pending;
    qint64 m_pendingChars = 0;
    qint64 m_droppedChars = 0; // the log's droppedChars() that the document reflects
    QString m_note;            // the note shown as the first line (with its line break)
};

} // namespace dynascope
