// StepperViews: turns "the current step moved from A to B" into what each view shows.
#include "stepperviews.h"

#include "callstackview.h"
#include "framescopes.h"
#include "frameview.h"
#include "stackview.h"
#include "stepperpanel.h"

namespace dynascope {

StepperViews::StepperViews(QObject *parent)
    : QObject(parent), m_panel(new StepperPanel), m_stackView(new StackView),
      m_frameView(new FrameView), m_callStackView(new CallStackView) {
    connect(m_panel, &StepperPanel::currentStepChanged, this, &StepperViews::showStep);
    connect(m_callStackView, &CallStackView::frameChosen, this, &StepperViews::showFrame);
    auto pace = [this] {
        // Stepping by hand gets the full animation; playing gets what fits in one step.
        m_stackView->setStepsPerSecond(m_panel->isPlaying() ? m_panel->stepsPerSecond() : 0);
    };
    connect(m_panel, &StepperPanel::playingChanged, this, pace);
    connect(m_panel, &StepperPanel::stepsPerSecondChanged, this, pace);
    pace();
}

StepperViews::~StepperViews() {
    for (QWidget *w : {static_cast<QWidget *>(m_panel), static_cast<QWidget *>(m_stackView),
                       static_cast<QWidget *>(m_frameView),
                       static_cast<QWidget *>(m_callStackView)})
        if (w && !w->parent())
            delete w;
}

void StepperViews::setRecording(std::vector<Step> steps, std::vector<CodeInfo> codes) {
    m_panel->setRecording(std::move(steps), std::move(codes));
}

void StepperViews::setRecording(const std::vector<Json> &stepEvents, std::vector<CodeInfo> codes) {
    std::vector<Step> steps;
    steps.reserve(stepEvents.size());
    for (const Json &event : stepEvents) {
        try {
            steps.push_back(event.get<Step>());
        } catch (const Json::exception &) {
            // An untrusted stream: a malformed step is dropped, the rest still steps.
        }
    }
    setRecording(std::move(steps), std::move(codes));
}

StackState StepperViews::stackStateAt(int index) const {
    const StepTimeline &t = m_panel->timeline();
    const Step *s = t.step(index);
    if (!s)
        return {};
    const auto before = t.previousInFrame(index);
    StackState state;
    state.stack = s->stack;
    state.operation = describeStackOperation(
        before ? t.step(*before)->stack : std::vector<StackValue>{}, *s);
    QString op = QString::fromStdString(s->opname);
    if (!s->argrepr.empty())
        op += QStringLiteral(" (%1)").arg(QString::fromStdString(s->argrepr));
    if (s->event != "instruction")
        op = QString::fromStdString(s->event) + QStringLiteral(" event");
    state.heading = tr("%1 · line %2 · @%3 %4")
                        .arg(QString::fromStdString(s->function))
                        .arg(s->line)
                        .arg(s->offset)
                        .arg(op);
    return state;
}

void StepperViews::showStep(int index, int previous) {
    const StepTimeline &t = m_panel->timeline();
    StackState state = stackStateAt(index);
    std::optional<StackTransition> transition;
    if (previous >= 0 && t.previousInFrame(index) == previous) {
        transition = StackTransition{state.operation.pops, state.operation.pushes};
    } else if (previous >= 0 && t.previousInFrame(previous) == index) {
        // Back one instruction: undo what `previous` did, its pushes leave and its pops return.
        const StackState undone = stackStateAt(previous);
        transition = StackTransition{undone.operation.pushes, undone.operation.pops};
    }
    m_stackView->setState(state, transition);

    const Step *s = t.step(index);
    m_callStackView->setFrames(t.callStackAt(index), s ? s->frame : -1);
    m_frameView->setScopes(frameScopesAt(t, -1, index));
}

void StepperViews::showFrame(long long frame) {
    m_frameView->setScopes(frameScopesAt(m_panel->timeline(), frame, m_panel->currentStep()));
}

} // namespace dynascope
