// The stepper's stack animation on real recordings: every instruction animates the pops and pushes
// the engine computes for it (bytecode/stackuse.h), and the stacks it moves between agree.
#include "bytecode/opcodes.h"
#include "bytecode/stackuse.h"
#include "model/capturefile.h"
#include "stepper/stackstate.h"
#include "stepper/steptimeline.h"

#include "../record/recordedstackuse.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// The engine's figures for a recorded instruction: one use, or the two paths it may take.
std::vector<StackUse> engineUses(const Step &step) {
    const int op = baseOpcode(opcodeByName(step.opname));
    const int arg = std::max(step.arg, 0);
    std::vector<StackUse> uses;
    for (JumpMode path : {JumpMode::NotTaken, JumpMode::Taken})
        if (std::optional<StackUse> use = stackUse(op, arg, path);
            use && std::find(uses.begin(), uses.end(), *use) == uses.end())
            uses.push_back(*use);
    if (step.opname == "PRECALL")
        uses.push_back(precallUnpackingBoundMethod(arg));
    if (step.opname == "YIELD_VALUE")
        uses.push_back(yieldValueSuspending());
    return uses;
}

} // namespace

class TestStepperStackUse : public QObject {
    Q_OBJECT
private slots:
    void animationIsTheEnginesStackUse_data() {
        QTest::addColumn<QString>("script");
        QTest::addRow("loop_sum") << DYNASCOPE_SOURCE_DIR "/resources/examples/loop_sum.py";
        QTest::addRow("closures") << DYNASCOPE_SOURCE_DIR "/resources/examples/closures.py";
        QTest::addRow("raises") << DYNASCOPE_SOURCE_DIR "/resources/examples/raises.py";
        QTest::addRow("graph_break") << DYNASCOPE_SOURCE_DIR "/resources/examples/graph_break.py";
        QTest::addRow("tour") << DYNASCOPE_SOURCE_DIR "/tests/record/scripts/stackuse_tour.py";
    }

    void animationIsTheEnginesStackUse() {
        QFETCH(QString, script);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString capturePath = dir.filePath("run.dscap");
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE), {"trace", "--save", capturePath, script});
        QVERIFY(trace.waitForFinished(120000));
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.load(capturePath.toStdString(), problems));
        std::vector<Step> steps = capture.steps(problems);
        QVERIFY(problems.empty());
        StepTimeline timeline;
        timeline.setRecording(steps, capture.codes(problems));

        // The stacks agree with the counts (read back from the capture file).
        std::sort(steps.begin(), steps.end(),
                  [](const Step &a, const Step &b) { return a.index < b.index; });
        const RecordedStackUse check = checkRecordedStackUse(steps);
        if (!check.problems.empty())
            QFAIL(check.problems.front().c_str());
        QVERIFY(check.checked > 20);

        int animated = 0;
        for (int i = 0; i < timeline.count(); ++i) {
            const Step step = *timeline.step(i);
            const std::optional<int> previous = timeline.previousInFrame(i);
            if (step.event != "instruction" || step.pops < 0 || !previous)
                continue;
            const std::string before = timeline.step(*previous)->event;
            if (before != "instruction" && before != "call")
                continue;
            const QString where = QString("%1 @%2 %3 %4")
                                      .arg(QString::fromStdString(step.function))
                                      .arg(step.offset)
                                      .arg(QString::fromStdString(step.opname))
                                      .arg(step.arg);
            // What the view animates, forward and back.
            const std::optional<StackTransition> forward = stackTransition(timeline, *previous, i);
            const std::optional<StackTransition> back = stackTransition(timeline, i, *previous);
            QVERIFY2(forward && back, qPrintable(where));
            QVERIFY2(forward->outgoing == step.pops && forward->incoming == step.pushes,
                     qPrintable(where + QString(": animates %1 out, %2 in; recorded %3, %4")
                                            .arg(forward->outgoing)
                                            .arg(forward->incoming)
                                            .arg(step.pops)
                                            .arg(step.pushes)));
            QVERIFY2(back->outgoing == step.pushes && back->incoming == step.pops,
                     qPrintable(where));
            // …which is the engine's figure for the instruction (for EXTENDED_ARG, the
            // instruction it prefixes, which CPython runs without a step of its own).
            if (step.opname != "EXTENDED_ARG") {
                const std::vector<StackUse> uses = engineUses(step);
                QVERIFY2(std::find(uses.begin(), uses.end(), StackUse{step.pops, step.pushes}) !=
                             uses.end(),
                         qPrintable(where + ": not a stack use the engine knows"));
            }
            ++animated;
        }
        QCOMPARE(animated, check.checked);
    }
};

QTEST_GUILESS_MAIN(TestStepperStackUse)
#include "tst_stepper_stackuse.moc"
