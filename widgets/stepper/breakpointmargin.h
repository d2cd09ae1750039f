// BreakpointMargin: line breakpoints shown and toggled in the source editor's symbol margin.
#pragma once

#include <QList>
#include <QObject>

class QsciScintilla;

namespace dynascope {

class CaptureSession;
class StepperPanel;

// The stepper's timeline owns the breakpoints (file, line); this puts them in the editor: a click
// in the symbol margin toggles the line's breakpoint through the panel (as F9 does for the
// cursor's line), and the markers are redrawn from the timeline on every breakpointsChanged and
// when another script is opened. Breakpoints of other files are kept but not drawn.
class BreakpointMargin : public QObject {
    Q_OBJECT
public:
    // A marker number the editor's own markers (0..3) leave free.
    static constexpr int Marker = 8;

    BreakpointMargin(QsciScintilla *editor, StepperPanel *panel, CaptureSession *session,
                     QObject *parent = nullptr);

    // 1-based lines of the editor that carry the breakpoint marker.
    QList<int> markedLines() const;

private:
    void redraw();

    QsciScintilla *m_editor;
    StepperPanel *m_panel;
    CaptureSession *m_session;
};

} // namespace dynascope
