// ConsoleView: coloured, append-only text of a run.
#include "consoleview.h"

#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>

namespace dynascope {

ConsoleView::ConsoleView(CaptureSession *session, QWidget *parent)
    : QPlainTextEdit(parent), m_session(session) {
    setReadOnly(true);
    setUndoRedoEnabled(false);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setMaximumBlockCount(20000); // a script printing in a loop must not eat the GUI's memory
    setLineWrapMode(QPlainTextEdit::NoWrap);
    connect(m_session, &CaptureSession::runStarted, this, [this] {
        clear();
        for (const ConsoleEntry &e : m_session->console())
            append(e);
    });
    connect(m_session, &CaptureSession::consoleAppended, this, &ConsoleView::append);
}

void ConsoleView::append(const ConsoleEntry &entry) {
    QTextCharFormat format;
    QString text = entry.text;
    switch (entry.kind) {
    case ConsoleEntry::Stdout:
        format.setForeground(palette().color(QPalette::Text));
        break;
    case ConsoleEntry::Stderr:
        format.setForeground(QColor(0xc0, 0x1c, 0x28));
        break;
    case ConsoleEntry::System:
    case ConsoleEntry::Warning:
        format.setForeground(entry.kind == ConsoleEntry::System ? QColor(0x77, 0x77, 0x77)
                                                                : QColor(0xb3, 0x5c, 0x00));
        format.setFontItalic(true);
        // Messages of Dynascope itself stand on their own lines.
        if (!document()->lastBlock().text().isEmpty())
            text.prepend(QLatin1Char('\n'));
        if (!text.endsWith(QLatin1Char('\n')))
            text.append(QLatin1Char('\n'));
        break;
    }
    QScrollBar *bar = verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text, format);
    if (atEnd)
        bar->setValue(bar->maximum());
}

} // namespace dynascope
