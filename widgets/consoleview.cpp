// ConsoleView: coloured, append-only text of a run.
#include "consoleview.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTimer>

namespace dynascope {

ConsoleView::ConsoleView(CaptureSession *session, QWidget *parent)
    : QPlainTextEdit(parent), m_session(session), m_batch(new QTimer(this)) {
    setReadOnly(true);
    setUndoRedoEnabled(false);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setMouseTracking(true);
    m_batch->setSingleShot(true);
    m_batch->setInterval(BatchMs);
    connect(m_batch, &QTimer::timeout, this, [this] {
        if (!m_pending.empty()) {
            flushPending();
            m_batch->start(); // still busy: keep batching
        }
    });
    connect(m_session, &CaptureSession::runStarted, this, &ConsoleView::render);
    connect(m_session, &CaptureSession::consoleAppended, this, &ConsoleView::queue);
    connect(m_session, &CaptureSession::runStateChanged, this, &ConsoleView::flushPending);
}

void ConsoleView::render() {
    m_pending.clear();
    m_pendingChars = 0;
    clear();
    m_note.clear();
    const ConsoleLog &log = m_session->console();
    m_droppedChars = log.droppedChars();
    showNote(log.droppedNote());
    for (const ConsoleEntry &e : log)
        append(e);
}

void ConsoleView::queue(const ConsoleEntry &entry) {
    if (!m_pending.empty() && m_pending.back().kind == entry.kind)
        m_pending.back().text += entry.text;
    else
        m_pending.push_back(entry);
    m_pendingChars += entry.text.size();
    if (!m_batch->isActive()) {
        flushPending(); // the first entry after a quiet spell shows at once
        m_batch->start();
    }
}

void ConsoleView::flushPending() {
    if (m_pending.empty())
        return;
    const ConsoleLog &log = m_session->console();
    QScrollBar *bar = verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    if (m_pendingChars > log.capacityBytes()) {
        render(); // the batch alone is more than the log keeps: show the log as it is
    } else {
        for (const ConsoleEntry &e : m_pending)
            append(e);
        m_pending.clear();
        m_pendingChars = 0;
        dropFront(log.droppedChars() - m_droppedChars);
        m_droppedChars = log.droppedChars();
        showNote(log.droppedNote());
    }
    if (atEnd)
        bar->setValue(bar->maximum());
}

void ConsoleView::dropFront(qint64 chars) {
    if (chars <= 0)
        return;
    QTextCursor cursor(document());
    cursor.setPosition(int(m_note.size()));
    cursor.setPosition(
        int(std::min<qint64>(m_note.size() + chars, document()->characterCount() - 1)),
        QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
}

void ConsoleView::showNote(const QString &note) {
    const QString line = note.isEmpty() ? QString() : note + QLatin1Char('\n');
    if (line == m_note)
        return;
    QTextCursor cursor(document());
    cursor.setPosition(0);
    cursor.setPosition(int(m_note.size()), QTextCursor::KeepAnchor);
    QTextCharFormat format;
    format.setForeground(palette().color(QPalette::PlaceholderText));
    format.setFontItalic(true);
    cursor.insertText(line, format);
    m_note = line;
}

namespace {
bool darkBase(const QPalette &palette) {
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}
} // namespace

void ConsoleView::append(const ConsoleEntry &entry) {
    QTextCharFormat format;
    QString text = entry.text;
    const bool dark = darkBase(palette());
    switch (entry.kind) {
    case ConsoleEntry::Stdout:
        format.setForeground(palette().color(QPalette::Text));
        break;
    case ConsoleEntry::Stderr:
        format.setForeground(dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x1c, 0x28));
        appendWithLinks(text, format);
        return;
    case ConsoleEntry::System:
    case ConsoleEntry::Warning:
        format.setForeground(entry.kind == ConsoleEntry::System
                                 ? palette().color(QPalette::PlaceholderText)
                                 : (dark ? QColor(0xf0, 0xa0, 0x40) : QColor(0xb3, 0x5c, 0x00)));
        format.setFontItalic(true); // the log put the message on its own lines
        break;
    }
    insert(text, format);
}

void ConsoleView::insert(const QString &text, const QTextCharFormat &format) {
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text, format);
}

void ConsoleView::appendWithLinks(const QString &text, const QTextCharFormat &format) {
    // A traceback's `File "PATH", line N` becomes a link to that line.
    static const QRegularExpression fileLine(QStringLiteral("File \"([^\"]+)\", line (\\d+)"));
    int at = 0;
    for (auto it = fileLine.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        insert(text.mid(at, m.capturedStart() - at), format);
        QTextCharFormat link = format;
        link.setAnchor(true);
        link.setAnchorHref(m.captured(1) + QLatin1Char('\n') + m.captured(2));
        link.setFontUnderline(true);
        link.setToolTip(tr("Go to line %1 of %2").arg(m.captured(2), m.captured(1)));
        insert(m.captured(0), link);
        at = int(m.capturedEnd());
    }
    insert(text.mid(at), format);
}

bool ConsoleView::activateLink(const QString &href) {
    const QString file = href.section(QLatin1Char('\n'), 0, 0);
    const int line = href.section(QLatin1Char('\n'), 1).toInt();
    if (line <= 0)
        return false;
    emit lineActivated(file, line);
    if (QFileInfo(file).absoluteFilePath() != m_session->scriptPath())
        return false;
    m_session->setSelectedLine(line);
    return true;
}

QStringList ConsoleView::links() const {
    QStringList hrefs;
    for (QTextBlock b = document()->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isAnchor())
                hrefs << it.fragment().charFormat().anchorHref();
    return hrefs;
}

void ConsoleView::mouseMoveEvent(QMouseEvent *event) {
    QPlainTextEdit::mouseMoveEvent(event);
    viewport()->setCursor(anchorAt(event->position().toPoint()).isEmpty() ? Qt::IBeamCursor
                                                                          : Qt::PointingHandCursor);
}

void ConsoleView::mouseReleaseEvent(QMouseEvent *event) {
    QPlainTextEdit::mouseReleaseEvent(event);
    const QString href = anchorAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && !href.isEmpty() && !textCursor().hasSelection())
        activateLink(href);
}

} // namespace dynascope
