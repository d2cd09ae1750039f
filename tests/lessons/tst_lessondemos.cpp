// Every lesson stop points at something real: each demo runs in a real worker and each stop's
// target (step, trace step, node, guard, cache entry, break, call, kernel, timing, printed line)
// is found in that run; and each drill answer's "Show me" stop shows what the explanation claims.
#include "model/event.h"
#include "model/lessonlibrary.h"
#include "model/lessontargetresolver.h"

#include <QProcess>
#include <QtTest>

#include <functional>
#include <map>

using namespace dynascope;

namespace {

struct DemoRun {
    std::map<std::string, std::vector<Json>> events;
    int exitStatus = -1;
    QString stderrText;

    EventsOfType of(const std::string &type) const {
        const auto it = events.find(type);
        return it == events.end() ? EventsOfType() : EventsOfType(it->second);
    }
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

// What the cache did on each call of `function`, in call order ("miss", "hit", …).
QStringList callResults(const DemoRun &run, const std::string &function) {
    QStringList results;
    for (const Json &call : run.of(EventType::Call))
        if (call.value("function", "") == function)
            results << QString::fromStdString(call.value("result", ""));
    return results;
}

// The first entry a call tried and its verdict (null when it tried none).
Json firstVerdict(const Json &call) {
    const Json regions = call.value("regions", Json::array());
    if (regions.empty() || regions[0].value("tried", Json::array()).empty())
        return Json();
    return regions[0]["tried"][0];
}

QStringList guardKinds(const Json &guardsEvent) {
    QStringList kinds;
    for (const Json &guard : guardsEvent.value("guards", Json::array()))
        kinds << QString::fromStdString(guard.value("kind", ""));
    return kinds;
}

// A drill question's claim, checked on the run of its "Show me" demo and the stop's match:
// empty when the run shows it, else what it showed instead.
using Claim = std::function<QString(const DemoRun &, const LessonTargetMatch &)>;

QString unless(bool shown, const QString &problem) {
    return shown ? QString() : problem;
}

const std::map<std::string, Claim> &drillClaims() {
    using M = LessonTargetMatch;
    static const auto event = [](const DemoRun &run, const M &m) -> const Json & {
        return run.of(m.eventType)[size_t(m.eventIndex)];
    };
    static const Claim printBreaks = [](const DemoRun &, const M &m) {
        return unless(QString::fromStdString(m.label).contains(QLatin1String("print")),
                      "the break is not the print call: " + QString::fromStdString(m.label));
    };
    // Tracing resumes after the break: G2 starts from the live value y, with its own guards
    // (a second cache entry whose region starts past the break).
    static const Claim resumes = [](const DemoRun &run, const M &m) {
        int resumedEntries = 0;
        for (const Json &guards : run.of(EventType::Guards))
            resumedEntries += guards.value("region_start", 0) > 0;
        return unless(m.graphId == "G2" && m.nodeName.find("y") != std::string::npos &&
                          !run.of(EventType::GraphBreak).empty() && resumedEntries > 0,
                      "G2 does not resume from y after the break with its own guards");
    };
    static const std::map<std::string, Claim> claims = {
        {"level",
         [](const DemoRun &, const M &m) {
             return unless(m.eventType == "step" && m.label == "BINARY_OP *",
                           "not the BINARY_OP * step");
         }},
        // The dtype guard of entry 1 fails and a new entry is compiled; the next call still
        // tries entry 1 first (it stays).
        {"guard_fails",
         [](const DemoRun &run, const M &m) {
             const Json &call = event(run, m);
             const Json verdict = firstVerdict(call);
             const Json &next = run.of(EventType::Call).at(size_t(m.eventIndex) + 1);
             return unless(call.value("result", "") == "recompile" && verdict.is_object() &&
                               !verdict.value("hit", true) &&
                               verdict.value("check", "") == "dtype" &&
                               firstVerdict(next).value("entry", -1) == verdict.value("entry", -2),
                           "no failed dtype guard with the old entry kept");
         }},
        {"breaks_which", printBreaks},
        {"fullgraph", printBreaks},
        {"frame_parts",
         [](const DemoRun &, const M &m) {
             return unless(m.label == "LOAD_GLOBAL NULL + len", "not the builtin lookup of len");
         }},
        {"true_statements",
         [](const DemoRun &run, const M &m) {
             return unless(event(run, m).value("result", "") == "hit", "no cache hit");
         }},
        {"break_handling", resumes},
        {"transformation", resumes},
        {"resume_function", resumes},
        // The inlined callees' add is in shallow's one graph, with no break.
        {"inline_best",
         [](const DemoRun &run, const M &m) {
             bool shallowBreaks = false;
             for (const Json &b : run.of(EventType::GraphBreak))
                 shallowBreaks = shallowBreaks || b.value("function", "") == "shallow";
             return unless(m.function == "shallow" && !shallowBreaks,
                           "the add is not inlined into shallow's graph");
         }},
        {"requires_grad_guard",
         [](const DemoRun &run, const M &m) {
             const Json verdict = firstVerdict(event(run, m));
             return unless(verdict.is_object() && verdict.value("check", "") == "requires_grad",
                           "the recompile is not caused by requires_grad");
         }},
        {"help_capture",
         [](const DemoRun &run, const M &) {
             return unless(run.of(EventType::GraphBreak).empty(),
                           "the rewritten training step still breaks");
         }},
        // Compile, recompile with s0 symbolic (a SHAPE_ENV guard), then a hit on that entry.
        {"automatic_dynamic",
         [](const DemoRun &run, const M &m) {
             bool symbolic = false;
             for (const Json &guards : run.of(EventType::Guards))
                 symbolic = symbolic || (guards.value("entry", -1) == 1 &&
                                         guardKinds(guards).contains(QLatin1String("SHAPE_ENV")));
             return unless(
                 callResults(run, "squash") == QStringList({"miss", "recompile", "hit"}) &&
                     symbolic && m.entry == 1,
                 "not compile, dynamic recompile, hit: " + callResults(run, "squash").join(", "));
         }},
        {"cache_size_limit",
         [](const DemoRun &run, const M &) {
             const QStringList results = callResults(run, "serve");
             return unless(results.count(QLatin1String("cache_limit")) > results.size() / 2,
                           "most requests did not run uncompiled");
         }},
        {"inline_depth",
         [](const DemoRun &run, const M &m) {
             bool resumed = false; // the caller's graph after the break
             for (const Json &graph : run.of(EventType::Graph))
                 resumed = resumed || graph.value("function", "") == m.function;
             return unless(resumed, "the caller does not resume in a graph after the break");
         }},
        {"aot_joint",
         [](const DemoRun &, const M &m) {
             return unless(m.eventType == "graph" && !m.nodeName.empty(), "no forward graph");
         }},
        // A guard on the counter's value, failing on every call until the cache is full.
        {"int_specialised",
         [](const DemoRun &run, const M &) {
             const QStringList results = callResults(run, "weighted_loss");
             return unless(!results.contains(QLatin1String("hit")) &&
                               results.contains(QLatin1String("recompile")) &&
                               results.contains(QLatin1String("cache_limit")),
                           "the counter guard does not fail every call: " +
                               results.mid(0, 12).join(", "));
         }},
        {"dict_guards",
         [](const DemoRun &run, const M &m) {
             const QStringList kinds = guardKinds(event(run, m));
             return unless(kinds.contains(QLatin1String("DICT_KEYS")) &&
                               kinds.contains(QLatin1String("EQUALS_MATCH")),
                           "no DICT_KEYS and EQUALS_MATCH guards together: " + kinds.join(", "));
         }},
        {"helper_redefined",
         [](const DemoRun &, const M &m) {
             return unless(m.label.find("__code__") != std::string::npos,
                           "no identity guard on the helper's code object");
         }},
        {"symbol_range",
         [](const DemoRun &, const M &m) {
             // "2 <= L['x'].size()[0]  # s0"
             return unless(m.label.rfind("2 <= ", 0) == 0 &&
                               m.label.find("# s0") != std::string::npos,
                           "no guard s0 >= 2: " + QString::fromStdString(m.label));
         }},
        // Every op outside graphs: every call of the step runs its region uncompiled.
        {"break_in_loop",
         [](const DemoRun &run, const M &m) {
             int calls = 0, uncaptured = 0;
             for (const Json &call : run.of(EventType::Call)) {
                 if (call.value("function", "") != "train_step")
                     continue;
                 ++calls;
                 for (const Json &region : call.value("regions", Json::array()))
                     if (region.value("uncaptured", false)) {
                         ++uncaptured;
                         break;
                     }
             }
             return unless(m.label.find("100%") != std::string::npos && calls > 0 &&
                               uncaptured == calls,
                           "the frame is not skipped on every call");
         }},
        {"padding_compiles",
         [](const DemoRun &run, const M &) {
             const QStringList results = callResults(run, "serve");
             return unless(results.count(QLatin1String("miss")) +
                                       results.count(QLatin1String("recompile")) ==
                                   4 &&
                               results.count(QLatin1String("hit")) == results.size() - 4,
                           "not four compiles and hits otherwise");
         }},
    };
    return claims;
}

} // namespace

class TestLessonDemos : public QObject {
    Q_OBJECT
private:
    LessonLibrary m_library;
    std::map<std::string, DemoRun> m_runs;

    LessonTargetMatch resolve(const LessonStop &stop) const {
        const DemoRun &run = m_runs.at(stop.demo);
        LessonTargetResolver resolver(
            [&run](const std::string &type) { return run.of(type); });
        return resolver.resolve(stop.target);
    }

private slots:
    void initTestCase() {
        m_library.load(DYNASCOPE_SOURCE_DIR "/resources/lessons");
        QVERIFY(m_library.errors().empty());
        // Each demo runs once, recording steps (or timing kernels) when any stop needs them.
        std::map<std::string, RunNeeds> demos;
        for (const Lesson &lesson : m_library.lessons())
            for (const LessonStop &stop : lesson.stops) {
                RunNeeds &needs = demos[stop.demo];
                needs.record = needs.record || stop.run == LessonStop::Run::Record;
                needs.kernelTiming = needs.kernelTiming || stop.run == LessonStop::Run::Kernels;
            }
        for (const auto &[demo, needs] : demos) {
            m_runs[demo] = runDemo(m_library.demoPath(demo), needs);
            QVERIFY2(m_runs[demo].exitStatus == 0,
                     qPrintable(QString::fromStdString(demo) + " did not exit 0:\n" +
                                m_runs[demo].stderrText.right(2000)));
        }
    }

    void everyStopResolves() {
        int checked = 0;
        std::map<LessonTarget::Kind, int> kinds;
        QStringList missing;
        for (const Lesson &lesson : m_library.lessons()) {
            for (size_t i = 0; i < lesson.stops.size(); ++i) {
                const LessonStop &stop = lesson.stops[i];
                const LessonTargetMatch match = resolve(stop);
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

    // Each drill answer's "Show me" opens a stop whose run must show what the explanation
    // says (a new question needs its claim here).
    void drillProofsShowWhatTheyClaim() {
        QStringList wrong;
        for (const DrillQuestion &q : m_library.drill().questions) {
            const Lesson *lesson = m_library.lesson(q.showLesson);
            QVERIFY2(lesson && q.showStop >= 1 && q.showStop <= int(lesson->stops.size()),
                     q.id.c_str());
            const auto claim = drillClaims().find(q.id);
            if (claim == drillClaims().end()) {
                wrong << QString::fromStdString(q.id) + QStringLiteral(": no claim check");
                continue;
            }
            const LessonStop &stop = lesson->stops[size_t(q.showStop - 1)];
            const LessonTargetMatch match = resolve(stop);
            const QString problem = match.found ? claim->second(m_runs.at(stop.demo), match)
                                                : QString::fromStdString(match.problem);
            if (!problem.isEmpty())
                wrong << QStringLiteral("%1 (%2 stop %3): %4")
                             .arg(QString::fromStdString(q.id),
                                  QString::fromStdString(q.showLesson))
                             .arg(q.showStop)
                             .arg(problem);
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join('\n')));
        QVERIFY(m_library.drill().questions.size() >= 20);
    }
};

QTEST_GUILESS_MAIN(TestLessonDemos)
#include "tst_lessondemos.moc"
