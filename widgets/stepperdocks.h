// StepperDocks: the bytecode stepper's docks in MainWindow, fed by its session.
#pragma once

#include <QObject>

namespace dynascope {

class BreakpointMargin;
class CaptureSession;
class MainWindow;
class SourceEditor;
class StepperViews;

// Keeps MainWindow free of stepper wiring (as GraphDocks does for graphs): creates the Stepper,
// Stack, Call Stack and Frame docks and the Debug menu, gives them each run's steps (a failed run
// opens at its exception), turns the current step into the session's selection, and draws the
// execution point in the editor: the step's own line and the instruction's source span.
class StepperDocks : public QObject {
    Q_OBJECT
public:
    explicit StepperDocks(MainWindow *window);

    StepperViews *views() const { return m_views; }
    BreakpointMargin *breakpointMargin() const { return m_breakpointMargin; }

private:
    void showExecutionPoint();

    MainWindow *m_window;
    CaptureSession *m_session;
    SourceEditor *m_editor;
    StepperViews *m_views = nullptr;
    BreakpointMargin *m_breakpointMargin = nullptr;
};

} // namespace dynascope
