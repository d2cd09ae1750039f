// The pops/pushes the recorder writes in each step, against the stacks CPython really had: every
// step of real runs (the example scripts and a tour of most 3.11 opcodes).
#include "model/step.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "record/recorder.h"

#include "recordedstackuse.h"

#include <QDir>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

const char *const Tour = DYNASCOPE_SOURCE_DIR "/tests/record/scripts/stackuse_tour.py";

std::vector<Step> record(const QString &path, long long maxSteps) {
    std::vector<Step> steps;
    OutputCapture capture([](const std::string &, const std::string &) {});
    ScriptRunner runner(path.toStdString(), {});
    if (runner.load() != ScriptRunner::LoadResult::Loaded)
        return steps;
    RecorderOptions options;
    options.scriptPath = path.toStdString();
    options.maxSteps = maxSteps;
    Recorder recorder(options);
    recorder.setStepSink([&steps](const Step &step) { steps.push_back(step); });
    recorder.start();
    runner.execute();
    recorder.stop();
    std::stable_sort(steps.begin(), steps.end(),
                     [](const Step &a, const Step &b) { return a.index < b.index; });
    return steps;
}

int countSteps(const std::vector<Step> &steps, const std::string &opname, int pops, int pushes) {
    return int(std::count_if(steps.begin(), steps.end(), [&](const Step &s) {
        return s.opname == opname && s.pops == pops && s.pushes == pushes;
    }));
}

} // namespace

class TestRecordedStackUse : public QObject {
    Q_OBJECT
    std::unique_ptr<Interpreter> m_interpreter;

private slots:
    void initTestCase() { m_interpreter = std::make_unique<Interpreter>(); }
    void cleanupTestCase() { m_interpreter.reset(); }

    void everyStepFitsTheStacks_data() {
        QTest::addColumn<QString>("script");
        QTest::addRow("stackuse_tour.py") << QString(Tour);
        const QDir examples(DYNASCOPE_SOURCE_DIR "/resources/examples");
        for (const QString &name : examples.entryList({"*.py"}, QDir::Files, QDir::Name))
            QTest::addRow("%s", qPrintable(name)) << examples.filePath(name);
    }

    void everyStepFitsTheStacks() {
        QFETCH(QString, script);
        const std::vector<Step> steps = record(script, 30000);
        const auto instructions = std::count_if(
            steps.begin(), steps.end(), [](const Step &s) { return s.event == "instruction"; });
        QVERIFY(instructions > 20);
        const RecordedStackUse check = checkRecordedStackUse(steps);
        if (!check.problems.empty())
            QFAIL(qPrintable(QString::fromStdString(check.problems.front()) +
                             QString(" (%1 problems in all)").arg(check.problems.size())));
        // Most steps follow another step of their frame; the rest come after an exception.
        QVERIFY2(check.checked >= 0.9 * double(instructions),
                 qPrintable(QString("checked %1 of %2").arg(check.checked).arg(instructions)));
        qInfo("%s: %d of %lld instruction steps checked, %d without counts",
              qPrintable(QFileInfo(script).fileName()), check.checked,
              static_cast<long long>(instructions), check.withoutCounts);
    }

    // Where the stack use depends on the path, the recorder took the one CPython took: the
    // stacks above agree, and both paths occur in the tour.
    void bothPathsOccur() {
        const std::vector<Step> steps = record(Tour, 30000);
        QVERIFY(countSteps(steps, "FOR_ITER", 0, 1) > 0); // next item
        QVERIFY(countSteps(steps, "FOR_ITER", 1, 0) > 0); // exhausted
        QVERIFY(countSteps(steps, "SEND", 1, 1) > 0);     // the delegate yielded
        // A delegate that returns ends SEND with StopIteration, which CPython reports as an
        // exception event under tracing: that step has no stack after it, so no counts (the
        // oracle checks that such steps are followed by their exception event).
        QCOMPARE(countSteps(steps, "SEND", 2, 1), 0);
        QVERIFY(countSteps(steps, "JUMP_IF_TRUE_OR_POP", 1, 0) +
                    countSteps(steps, "JUMP_IF_FALSE_OR_POP", 1, 0) >
                0);
        QVERIFY(countSteps(steps, "JUMP_IF_TRUE_OR_POP", 0, 0) +
                    countSteps(steps, "JUMP_IF_FALSE_OR_POP", 0, 0) >
                0);
        // `method = box.get; method(2)`: PRECALL 1 rewrites [NULL, bound method] in place.
        QVERIFY(countSteps(steps, "PRECALL", 3, 3) > 0);
        QVERIFY(countSteps(steps, "PRECALL", 0, 0) > 0);
        // EXTENDED_ARG's step covers the instruction it prefixes (CPython traces only the
        // prefix): in long_loop that is FOR_ITER, and JUMP_BACKWARD.
        QVERIFY(countSteps(steps, "EXTENDED_ARG", 0, 1) > 0);
        QVERIFY(countSteps(steps, "EXTENDED_ARG", 1, 0) > 0);
        QVERIFY(countSteps(steps, "SWAP", 2, 2) + countSteps(steps, "SWAP", 3, 3) > 0);
        QVERIFY(countSteps(steps, "COPY", 0, 1) > 0);
    }
};

QTEST_GUILESS_MAIN(TestRecordedStackUse)
#include "tst_recordedstackuse.moc"
