// CompiledCallDock: compiled calls as places the stepper can go — marks on its timeline, and F11
// into a call: the guard check, the graph that ran, the resume code, in the Compiled Call dock,
// with the Graphs document, the Tracer and the Guards view following.
#pragma once

#include "compiledcallmarks.h"
#include "compiledcallphases.h"
#include "stepper/stepperpanel.h"

#include <QObject>

#include <optional>
#include <vector>

class QDockWidget;

namespace dynascope {

class CallMarksBar;
class CaptureSession;
class CompiledCallView;
class MainWindow;

// Made by MainWindow after the stepper, graph and guards docks, whose views it drives. Stepping:
// F11 on a step whose line (in instruction mode: the step itself) begins a compiled call enters
// the call at its first phase instead of moving; F10/F11 go to the next phase, then into the
// next compiled call begun on the same line, then where F11 would have gone; Shift+F10 goes
// back a phase (from the first, out to the step F11 was pressed on); Shift+F11 leaves at once
// for that step's F11 target. Any other move of the stepper leaves the call.
class CompiledCallDock : public QObject {
    Q_OBJECT
public:
    explicit CompiledCallDock(MainWindow *window);

    CompiledCallView *view() const { return m_view; }
    CallMarksBar *marksBar() const { return m_bar; }
    const std::vector<CompiledCallMark> &marks() const { return m_marks; }
    // The mark stepped into (-1: none) and its phase.
    int activeMark() const { return m_active; }
    int phase() const { return m_phase; }
    const std::vector<CompiledCallPhase> &phases() const { return m_phases; }

    // Places the run's compiled calls on the stepper's timeline (after each run).
    void refreshMarks();

private:
    bool intercept(StepperPanel::Action action, std::optional<int> target);
    void enter(int mark);
    void showPhase();
    // Leaves the call; `to`: the step to go to (none: stay where F11 was pressed).
    void leave(std::optional<int> to);

    MainWindow *m_window;
    CaptureSession *m_session;
    StepperPanel *m_panel;
    CompiledCallView *m_view;
    QDockWidget *m_dock;
    CallMarksBar *m_bar;
    std::vector<CompiledCallMark> m_marks;
    int m_active = -1;
    int m_phase = 0;
    std::vector<CompiledCallPhase> m_phases;
    std::optional<int> m_target; // where F11 would have gone from the step it was pressed on
    bool m_moving = false;       // the stepper moves because of us: not a move that leaves
};

} // namespace dynascope
