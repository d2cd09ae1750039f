// Every lesson stop points at something real: each demo runs in a real worker and each stop's
// target (step, trace step, node, guard, break, call, printed line) is found in that run.
#include "model/event.h"
#include "model/lessonlibrary.h"
#include "model/lessontargetresolver.h"

#include <QProcess>
#include <QtTest>

#include <map>

using namespace dynascope;

namespace {

struct DemoRun {
    std::map<std::string, std::vector<Json>> events;
    int exitStatus = -1;
    QString stderrText;
};

// How a demo must run for all its stops: recording steps, and/or with kernels built and timed.
struct RunNeeds {
    bool record = false;
    bool kernelTiming = false;
};

// Runs `script` the way the GUI does: one `dynascope worker` with a JSON command on stdin.
DemoRun runDemo(const std::string &script, RunNeeds needs) {
    Json command = {{"cmd", "run"},
                    {"script", script},
                    {"args", Json::array()},
                    {"record", needs.record},
                    {"max_steps", 100000},
                    {"include_library", false},
                    {"kernel_timing", needs.kernelTiming}};
    QProcess worker;
    worker.start(QStringLiteral(DYNASCOPE_EXE), {QStringLiteral("worker")});
    DemoRun run;
    if (!worker.waitForStarted(10000))
        return run;
    worker.write(QByteArray::fromStdString(command.dump() + "\n"));
    worker.closeWriteChannel();
    if (!worker.waitForFinished(300000))
        worker.kill();
    worker.waitForFinished(5000);
    run.stderrText = QString::fromUtf8(worker.readAllStandardError());
    for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
        std::string error;
        if (line.trimmed().isEmpty())
            continue;
        std::optional<Event> event = decodeEvent(line.toStdString(), error);
        if (!event)
            continue;
        if (event->type == EventType::Exit)
            run.exitStatus = event->body.value("status", -1);
        run.events[event->type].push_back(event->body);
    }
    return run;
}

} // namespace

class TestLessonDemos : public QObject {
    Q_OBJECT
private slots:
    void everyStopResolves() {
        LessonLibrary library;
        library.load(DYNASCOPE_SOURCE_DIR "/resources/lessons");
        QVERIFY(library.errors().empty());
        // Each demo runs once, recording steps (or timing kernels) when any stop needs them.
        std::map<std::string, RunNeeds> demos;
        for (const Lesson &lesson : library.lessons())
            for (const LessonStop &stop : lesson.stops) {
                RunNeeds &needs = demos[stop.demo];
                needs.record = needs.record || stop.run == LessonStop::Run::Record;
                needs.kernelTiming = needs.kernelTiming || stop.run == LessonStop::Run::Kernels;
            }
        std::map<std::string, DemoRun> runs;
        for (const auto &[demo, needs] : demos) {
            runs[demo] = runDemo(library.demoPath(demo), needs);
            QVERIFY2(runs[demo].exitStatus == 0,
                     qPrintable(QString::fromStdString(demo) + " did not exit 0:\n" +
                                runs[demo].stderrText.right(2000)));
        }
        int checked = 0;
        std::map<LessonTarget::Kind, int> kinds;
        QStringList missing;
        for (const Lesson &lesson : library.lessons()) {
            for (size_t i = 0; i < lesson.stops.size(); ++i) {
                const LessonStop &stop = lesson.stops[i];
                const DemoRun &run = runs[stop.demo];
                const std::vector<Json> none;
                LessonTargetResolver resolver(
                    [&](const std::string &type) -> const std::vector<Json> & {
                        const auto it = run.events.find(type);
                        return it == run.events.end() ? none : it->second;
                    });
                const LessonTargetMatch match = resolver.resolve(stop.target);
                ++checked;
                if (!match.found) {
                    missing << QStringLiteral("%1 stop %2 (%3): %4")
                                   .arg(QString::fromStdString(lesson.fileName))
                                   .arg(i + 1)
                                   .arg(QString::fromStdString(stop.demo),
                                        QString::fromStdString(match.problem));
                    continue;
                }
                // A stop that says "%match%" must have something to say there.
                if (stop.text.en.find("%match%") != std::string::npos && match.label.empty())
                    missing << QStringLiteral("%1 stop %2: empty label")
                                   .arg(QString::fromStdString(lesson.fileName))
                                   .arg(i + 1);
                if (stop.target.kind == LessonTarget::Kind::Step)
                    QVERIFY(match.stepIndex >= 0);
                // Guard stops name one entry the Guards view can show; kernel stops one kernel.
                if (stop.target.kind == LessonTarget::Kind::Guard ||
                    stop.target.kind == LessonTarget::Kind::CacheEntry)
                    QVERIFY(match.entry >= 0 && !match.function.empty());
                if (stop.target.kind == LessonTarget::Kind::Kernel)
                    QVERIFY(match.itemIndex >= 0 && match.kernelIndex >= 0);
                ++kinds[stop.target.kind];
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
        QVERIFY(checked >= 50);
        // The lessons use the Guards view's and the Kernels view's targets, not only the stepper's.
        for (LessonTarget::Kind kind :
             {LessonTarget::Kind::Guard, LessonTarget::Kind::CacheEntry, LessonTarget::Kind::Call,
              LessonTarget::Kind::Kernel, LessonTarget::Kind::Timing})
            QVERIFY2(kinds[kind] > 0, LessonTarget::kindName(kind));
    }
};

QTEST_GUILESS_MAIN(TestLessonDemos)
#include "tst_lessondemos.moc"
