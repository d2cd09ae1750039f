// BreakpointMargin: margin clicks → StepperPanel::toggleBreakpoint, timeline → editor markers.
#include "breakpointmargin.h"

#include "capturesession.h"
#include "stepperpanel.h"

#include <Qsci/qsciscintilla.h>

#include <QPainter>
#include <QPixmap>

namespace dynascope {

namespace {

// A filled disc with a dark rim: the usual breakpoint, unlike the error marker's flat circle.
QPixmap breakpointPixmap() {
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(0x8b, 0x10, 0x10), 1.2));
    painter.setBrush(QColor(0xe0, 0x1b, 0x24));
    painter.drawEllipse(QRectF(1, 1, 10, 10));
    return pixmap;
}

} // namespace

BreakpointMargin::BreakpointMargin(QsciScintilla *editor, StepperPanel *panel,
                                   CaptureSession *session, QObject *parent)
    : QObject(parent), m_editor(editor), m_panel(panel), m_session(session) {
    m_editor->markerDefine(breakpointPixmap(), Marker);
    // The symbol margin (not the line numbers, where a click selects the line) takes the clicks.
    for (int margin = 0; margin < m_editor->margins(); ++margin)
        if (m_editor->marginType(margin) == QsciScintilla::SymbolMargin &&
            m_editor->marginWidth(margin) > 0) {
            m_editor->setMarginSensitivity(margin, true);
            m_editor->setMarginMarkerMask(margin,
                                          m_editor->marginMarkerMask(margin) | (1 << Marker));
        }
    connect(m_editor, &QsciScintilla::marginClicked, this,
            [this](int, int line, Qt::KeyboardModifiers) {
                if (!m_session->scriptPath().isEmpty())
                    m_panel->toggleBreakpoint(m_session->scriptPath(), line + 1);
            });
    connect(m_panel, &StepperPanel::breakpointsChanged, this, &BreakpointMargin::redraw);
    connect(m_session, &CaptureSession::scriptChanged, this, &BreakpointMargin::redraw);
    // setText() drops every marker; a reloaded script gets its breakpoints back.
    connect(m_editor, &QsciScintilla::textChanged, this, [this] {
        if (markedLines().isEmpty())
            redraw();
    });
    redraw();
}

QList<int> BreakpointMargin::markedLines() const {
    QList<int> lines;
    for (int line = m_editor->markerFindNext(0, 1 << Marker); line >= 0;
         line = m_editor->markerFindNext(line + 1, 1 << Marker))
        lines.append(line + 1);
    return lines;
}

void BreakpointMargin::redraw() {
    m_editor->markerDeleteAll(Marker);
    const std::string file = m_session->scriptPath().toStdString();
    for (const SourceLine &breakpoint : m_panel->timeline().breakpoints())
        if (breakpoint.first == file && breakpoint.second > 0)
            m_editor->markerAdd(breakpoint.second - 1, Marker);
}

} // namespace dynascope
