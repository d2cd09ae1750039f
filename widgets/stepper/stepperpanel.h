// The stepper's controls: timeline slider, step counter, stepping actions, breakpoints, play.
#pragma once

#include "steptimeline.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QSlider;
class QSpinBox;
class QTimer;
class QToolBar;
class QVBoxLayout;

namespace dynascope {

class StepperPanel : public QWidget {
    Q_OBJECT
public:
    // Every command, so the main window can put them in a menu (they carry their shortcuts).
    enum Action {
        StepOverAction,         // F10
        StepBackAction,         // Shift+F10
        StepIntoAction,         // F11
        StepOutAction,          // Shift+F11
        RunToCursorAction,      // Ctrl+F10
        ToggleBreakpointAction, // F9
        ContinueAction,         // F8
        ContinueBackwardAction, // Shift+F8
        PlayPauseAction,        // Space
        HomeAction,             // Home
        EndAction,              // End
        JumpToStepAction,       // Ctrl+G
        ByInstructionAction,    // Ctrl+Alt+I: F10/F11/Shift+F10 step instructions, not lines
        StepInstructionAction,  // Alt+F10: one instruction, whatever the mode
        GoToExceptionAction,    // Ctrl+Shift+E: where the uncaught exception was raised
        NUM_ACTIONS
    };

    explicit StepperPanel(QWidget *parent = nullptr);
    ~StepperPanel() override;

    void setRecording(std::shared_ptr<const StepStore> steps, std::vector<CodeInfo> codes);
    void setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes);
    const StepTimeline &timeline() const { return m_timeline; }
    int currentStep() const { return m_timeline.current(); }

    QAction *action(Action which) const { return m_actions[which]; }
    QList<QAction *> stepperActions() const;
    // Space (Play), Home and End act while the focus is in the panel or in `widget`; the F-keys
    // and Ctrl+G act anywhere in the window.
    void addLocalShortcutsTo(QWidget *widget);

    // The source location F9 and Ctrl+F10 act on (the source view's cursor line). Without one,
    // F9 toggles the current step's line.
    void setCursorLocation(const QString &file, int line);
    std::optional<SourceLine> cursorLocation() const { return m_cursor; }

    // Stepping unit of F10, F11 and Shift+F10: lines (the default) or instructions.
    bool stepsByInstruction() const;
    void setStepsByInstruction(bool on);

    bool isPlaying() const;
    int stepsPerSecond() const;
    void setStepsPerSecond(int stepsPerSecond);
    QString counterText() const;

    // Extensions (widgets/compiledcall/: the compiled calls on the timeline and stepping into
    // them): a widget shown under the slider, sharing its width; and a hook asked before F10,
    // F11, Shift+F10 and Shift+F11 move, with the step they would go to. It returns true when
    // it handled the command (the current step then stays unless it moved it).
    void addBelowSlider(QWidget *widget);
    using StepInterceptor = std::function<bool(Action action, std::optional<int> target)>;
    void setStepInterceptor(StepInterceptor interceptor);

public slots:
    void setCurrentStep(int index);
    void toggleBreakpoint(const QString &file, int line);
    void play();
    void pause();
    void jumpToStep(); // asks for a step number (non-modal dialog)

signals:
    // `previous` lets views tell a step forward or back from a jump (animations differ).
    void currentStepChanged(int index, int previous);
    void currentLocationChanged(const QString &file, int line, const QString &codeId, int offset);
    void breakpointsChanged();
    void playingChanged(bool playing);
    void stepsPerSecondChanged(int stepsPerSecond);
    // A command found nowhere to go ("no breakpoint ahead"); for the status bar.
    void message(const QString &text);

private:
    void createActions();
    void go(std::optional<int> target, const QString &whenNone);
    // go(), unless the step interceptor takes the command.
    void goUnlessIntercepted(Action action, std::optional<int> target, const QString &whenNone);
    void advancePlay();
    void schedulePlay();
    void updateControls();
    void shownRecording(); // after setRecording: controls, the first step's signals
    void emitLocation();   // currentLocationChanged for the current step

    StepTimeline m_timeline;
    std::optional<SourceLine> m_cursor;
    QAction *m_actions[NUM_ACTIONS] = {};
    QToolBar *m_toolBar;
    QSlider *m_slider;
    QVBoxLayout *m_sliderColumn;
    StepInterceptor m_interceptor;
    QLabel *m_counter;
    QSpinBox *m_speed;
    QTimer *m_playTimer;
    QElapsedTimer m_playClock; // play keeps to start + n / speed, not to the timer's rounding
    int m_playedSteps = 0;
    bool m_playing = false;
};

} // namespace dynascope
