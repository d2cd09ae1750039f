// Frame times of the stack view while a recording plays (600 steps at 60 steps/s, offscreen).
// Usage: bench_stackanim [--steps N] [--speed S] [--grab DIR]   (figures: bench/README.md)
#include "stepper/stackstate.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/steptimeline.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

using namespace dynascope;

namespace {

// Times every paint of the real StackView.
class TimedStackView : public StackView {
public:
    std::vector<double> paintMs;   // time spent painting each frame
    std::vector<qint64> paintedAt; // when each frame was painted (ns since start)
    std::vector<bool> animatingAt; // whether an animation was running at that frame
    QElapsedTimer clock;

protected:
    void paintEvent(QPaintEvent *event) override {
        QElapsedTimer t;
        t.start();
        StackView::paintEvent(event);
        paintMs.push_back(t.nsecsElapsed() / 1e6);
        paintedAt.push_back(clock.nsecsElapsed());
        animatingAt.push_back(isAnimating());
    }
};

StackValue intValue(long long v) {
    StackValue s;
    s.type = "int";
    s.repr = std::to_string(v);
    return s;
}

// The steps CPython 3.11 runs for `for i in range(n): s = s + i * i` inside f, with the stack
// after each instruction; a tensor sits under the loop so its label is drawn on every frame.
std::vector<Step> loopSteps(int count) {
    std::vector<Step> steps;
    StackValue tensor;
    tensor.type = "Tensor";
    tensor.repr = "tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])";
    tensor.shape = "[2, 3]";
    tensor.dtype = "float32";
    StackValue iter;
    iter.type = "range_iterator";
    iter.repr = "<range_iterator object at 0x7f3a2c1d0>";
    long long s = 0;
    // pops/pushes as the recorder writes them (bytecode/stackuse.h).
    auto add = [&](int offset, const char *op, const char *arg, int pops, int pushes,
                   std::vector<StackValue> stack) {
        Step st;
        st.index = (long long)steps.size();
        st.frame = 1;
        st.codeId = "c1";
        st.function = "f";
        st.file = "loop.py";
        st.line = offset < 8 ? 2 : 3;
        st.offset = offset;
        st.opname = op;
        st.argrepr = arg;
        st.depth = 1;
        st.pops = pops;
        st.pushes = pushes;
        stack.insert(stack.begin(), {tensor, iter});
        st.stack = std::move(stack);
        steps.push_back(std::move(st));
    };
    for (long long i = 0; int(steps.size()) < count; ++i) {
        const StackValue iv = intValue(i), sv = intValue(s);
        add(6, "FOR_ITER", "to 40", 0, 1, {iv});
        add(8, "STORE_FAST", "i", 1, 0, {});
        add(10, "LOAD_FAST", "s", 0, 1, {sv});
        add(12, "LOAD_FAST", "i", 0, 1, {sv, iv});
        add(14, "LOAD_FAST", "i", 0, 1, {sv, iv, iv});
        add(16, "BINARY_OP", "*", 2, 1, {sv, intValue(i * i)});
        add(20, "BINARY_OP", "+", 2, 1, {intValue(s + i * i)});
        s += i * i;
        add(24, "STORE_FAST", "s", 1, 0, {});
        add(26, "JUMP_BACKWARD", "to 6", 0, 0, {});
    }
    steps.resize(count);
    return steps;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * (v.size() - 1) + 0.5))];
}

double mean(const std::vector<double> &v) {
    return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{"steps", "Steps to play.", "N", "600"},
                       {"speed", "Steps per second.", "S", "60"},
                       {"grab", "Save mid-animation frames as PNG into DIR.", "DIR"}});
    parser.addHelpOption();
    parser.process(app);
    const int count = parser.value("steps").toInt();
    const int speed = std::clamp(parser.value("speed").toInt(), 1, 1000);

    // The real Play path: StepperPanel's schedule drives the steps, the view animates them.
    StepperPanel panel;
    panel.setRecording(loopSteps(count), {});
    panel.setStepsPerSecond(std::min(speed, 60));
    const StepTimeline &timeline = panel.timeline();
    TimedStackView view;
    view.resize(320, 520);
    view.show();
    view.setStepsPerSecond(panel.stepsPerSecond());
    view.setState(stackStateAt(timeline, 0));
    QApplication::processEvents();

    view.paintMs.clear();
    view.paintedAt.clear();
    view.animatingAt.clear();
    std::vector<double> stepLateMs; // how late each step was shown against the ideal schedule
    const QString grabDir = parser.value("grab");
    QObject::connect(&panel, &StepperPanel::currentStepChanged, [&](int index, int previous) {
        view.setState(stackStateAt(timeline, index), stackTransition(timeline, previous, index));
        stepLateMs.push_back(view.clock.nsecsElapsed() / 1e6 -
                             index * 1000.0 / panel.stepsPerSecond());
        if (!grabDir.isEmpty() && index >= 4 && index <= 6 && view.animationDuration() > 0) {
            // A frame from inside the animation, a third of the way through.
            QTimer::singleShot(view.animationDuration() / 3, [&view, grabDir, index] {
                view.grab().save(
                    QDir(grabDir).filePath(QStringLiteral("stackanim-%1.png").arg(index)));
            });
        }
    });
    QObject::connect(&panel, &StepperPanel::playingChanged, [&](bool playing) {
        if (!playing)
            QTimer::singleShot(300, &app, &QApplication::quit); // let the last animation end
    });
    view.clock.start();
    panel.play();
    app.exec();
    const double wallMs = view.clock.nsecsElapsed() / 1e6 - 300;

    // Frame intervals inside animations: the gaps between steps when nothing moves do not count.
    std::vector<double> intervals;
    for (size_t i = 1; i < view.paintedAt.size(); ++i)
        if (view.animatingAt[i] && view.animatingAt[i - 1])
            intervals.push_back((view.paintedAt[i] - view.paintedAt[i - 1]) / 1e6);
    const double fps = view.paintedAt.size() > 1
                           ? (view.paintedAt.size() - 1) * 1000.0 /
                                 ((view.paintedAt.back() - view.paintedAt.front()) / 1e6)
                           : 0;
    std::printf("stack view: %d steps at %d steps/s, animation %d ms, %dx%d px, offscreen\n", count,
                speed, view.animationDuration(), view.width(), view.height());
    std::printf(
        "  frames painted        %zu in %.0f ms (%.1f fps; aim 60), %.1f steps/s achieved\n",
        view.paintMs.size(), wallMs, fps, (count - 1) * 1000.0 / wallMs);
    std::printf("  paint time            mean %.3f ms, p95 %.3f ms, max %.3f ms\n",
                mean(view.paintMs), percentile(view.paintMs, 0.95), percentile(view.paintMs, 1.0));
    if (!intervals.empty())
        std::printf("  animation frames      %zu intervals: mean %.2f ms, p95 %.2f ms "
                    "(%.1f fps while moving; 16.7 ms = 60 fps)\n",
                    intervals.size(), mean(intervals), percentile(intervals, 0.95),
                    1000.0 / mean(intervals));
    else
        std::printf("  animation frames      none: at this speed each step is one frame\n");
    std::printf("  step lateness         mean %.2f ms, p95 %.2f ms, last %.2f ms (lag would grow "
                "towards the last)\n",
                mean(stepLateMs), percentile(stepLateMs, 0.95),
                stepLateMs.empty() ? 0 : stepLateMs.back());
    return 0;
}
