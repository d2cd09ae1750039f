// Stack states and transitions: the one place that decides what the stack view animates.
#include "stackstate.h"

#include "instructionexplanation.h"
#include "steptimeline.h"

#include <QObject>

namespace dynascope {
namespace {

QString frameEventExplanation(const Step &step) {
    const std::string &event = step.event;
    const QString name = QString::fromStdString(step.function);
    // The recorder marks a frame that an exception leaves with "(exception)" as its value.
    if (event == "return" && step.argrepr == "(exception)")
        return QObject::tr("The frame of %1 ends because of an unhandled exception: it returns "
                           "nothing, and the exception goes on to its caller, which looks for a "
                           "handler in turn.")
            .arg(name);
    if (event == "call")
        return QObject::tr("A new frame for %1 starts: its arguments are already in its "
                           "locals and its stack is empty.")
            .arg(name);
    if (event == "return")
        return QObject::tr("The frame of %1 ends; its caller continues with the returned "
                           "value on its stack.")
            .arg(name);
    if (event == "exception")
        return QObject::tr("An exception is raised in %1; Python looks for a handler, or "
                           "leaves the frame.")
            .arg(name);
    return {};
}

} // namespace

StackState stackStateAt(const StepTimeline &t, int index) {
    const std::optional<Step> s = t.step(index);
    if (!s)
        return {};
    const auto before = t.previousInFrame(index);
    StackState state;
    state.stack = s->stack;
    state.operation =
        describeStackOperation(before ? t.stack(*before) : std::vector<StackValue>{}, *s);
    QString op = QString::fromStdString(s->opname);
    if (!s->argrepr.empty())
        op += QStringLiteral(" (%1)").arg(QString::fromStdString(s->argrepr));
    state.explanation =
        explainInstruction(QString::fromStdString(s->opname), QString::fromStdString(s->argrepr));
    if (s->event != "instruction") {
        op = QObject::tr("%1 event").arg(QString::fromStdString(s->event));
        state.explanation = frameEventExplanation(*s);
    }
    state.heading = QObject::tr("%1 · line %2 · @%3 %4")
                        .arg(QString::fromStdString(s->function))
                        .arg(s->line)
                        .arg(s->offset)
                        .arg(op);
    return state;
}

std::optional<StackTransition> stackTransition(const StepTimeline &t, int from, int to) {
    if (from < 0 || from >= t.count() || to < 0 || to >= t.count())
        return std::nullopt;
    if (t.previousInFrame(to) == from) {
        const StackOperation op = stackStateAt(t, to).operation;
        return StackTransition{op.pops, op.pushes};
    }
    if (t.previousInFrame(from) == to) {
        // Back one instruction: undo what `from` did, its pushes leave and its pops return.
        const StackOperation undone = stackStateAt(t, from).operation;
        return StackTransition{undone.pushes, undone.pops};
    }
    return std::nullopt;
}

} // namespace dynascope
