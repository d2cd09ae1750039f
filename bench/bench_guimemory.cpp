// bench_guimemory: GUI memory per recorded step. A real recording of loop_sum.py (dynascope trace
// --save) is repeated, renumbered, to N steps (default 1,000,000), fed to a CaptureSession as a
// live run is, then handed to the stepper as MainWindow does at the run's end; the resident set
// size is read from /proc/self/statm before and after each stage. Then the stepper jumps to the
// last step (Ctrl+G's path) and back to the middle, timed.
//
//   bench_guimemory [N] [RECORDING.dscap] [--fresh-values] [--reopen]
//
// Repeating one recording repeats its values, which the step store interns once; with
// --fresh-values every stack value and local of each repetition gets a new repr (" #round"
// appended), the worst case for interning. With --reopen the session is then saved as a .dscap
// (Save Recording's path), everything is dropped, and the file is opened into a new session
// (Open Recording's path: RecordingFile::read, applyTo); the growth of the resident set and of
// its peak (VmHWM, reset through /proc/self/clear_refs) while opening are reported.
#include "benchsupport.h"
#include "capturesession.h"
#include "model/capturefile.h"
#include "recording/recordingfile.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <unistd.h>

using namespace dynascope;
using bench::residentMiB;

namespace {

// The peak resident set (VmHWM) in MiB.
double peakMiB() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atof(line.c_str() + 6) / 1024.0;
    return 0;
}

// Starts a new peak from the current resident set.
void resetPeak() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

// Appends " #round" to every repr of a step event (stack values and locals).
void freshenValues(Json &body, long long round) {
    const std::string suffix = " #" + std::to_string(round);
    if (auto stack = body.find("stack"); stack != body.end() && stack->is_array())
        for (Json &v : *stack)
            if (v.is_object() && v.contains("repr") && v["repr"].is_string())
                v["repr"] = v["repr"].get<std::string>() + suffix;
    if (auto locals = body.find("locals"); locals != body.end() && locals->is_object())
        for (auto &[name, value] : locals->items())
            if (value.is_string())
                value = value.get<std::string>() + suffix;
}
} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bool fresh = false, reopen = false;
    std::vector<const char *> args;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--fresh-values") == 0)
            fresh = true;
        else if (std::strcmp(argv[i], "--reopen") == 0)
            reopen = true;
        else
            args.push_back(argv[i]);
    }
    const long long wanted = args.size() > 0 ? std::atoll(args[0]) : 1000000;
    QTemporaryDir dir;
    QString path = args.size() > 1 ? QString::fromLocal8Bit(args[1]) : dir.filePath("loop.dscap");
    if (args.size() <= 1) {
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE),
                    {"trace", "--save", path,
                     QStringLiteral(DYNASCOPE_SOURCE_DIR) + "/resources/examples/loop_sum.py"});
        if (!trace.waitForFinished(120000) || trace.exitCode() != 0) {
            std::fprintf(stderr, "dynascope trace failed\n");
            return 1;
        }
    }
    CaptureFile file;
    std::vector<CaptureFile::Problem> problems;
    if (!file.load(path.toStdString(), problems)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
        return 1;
    }
    std::vector<Event> codes, steps;
    for (const Event &e : file.events())
        (e.type == EventType::Step ? steps : codes).push_back(e);
    if (steps.empty())
        return 1;
    file = CaptureFile(); // only the copies above stay

    const double start = residentMiB();
    auto owned = std::make_unique<CaptureSession>();
    CaptureSession &session = *owned;
    session.beginRun();
    for (const Event &e : codes)
        session.addEvent(e);
    long long fed = 0;
    QElapsedTimer clock;
    clock.start();
    for (long long round = 0; fed < wanted; ++round)
        for (size_t i = 0; i < steps.size() && fed < wanted; ++i, ++fed) {
            Event e = steps[i];
            e.body["step"] = fed;
            e.body["frame"] = e.body.value("frame", 0LL) + round * 1000;
            if (fresh)
                freshenValues(e.body, round);
            session.addEvent(e);
        }
    const double feedSeconds = clock.elapsed() / 1000.0;
    const double afterSession = residentMiB();
    auto ownedViews = std::make_unique<StepperViews>();
    StepperViews &views = *ownedViews;
    clock.restart();
    views.setRecording(session.stepStore(), session.codeInfos());
    const double indexSeconds = clock.elapsed() / 1000.0;
    const double afterStepper = residentMiB();
    StepperPanel *panel = views.panel();
    clock.restart();
    panel->setCurrentStep(panel->timeline().count() - 1); // what Ctrl+G to the last step does
    const double jumpLastMs = clock.nsecsElapsed() / 1e6;
    clock.restart();
    panel->setCurrentStep(panel->timeline().count() / 2);
    const double jumpMiddleMs = clock.nsecsElapsed() / 1e6;

    const StepStore &store = session.steps();
    std::printf("steps %lld (from %zu recorded)%s\n", fed, steps.size(),
                fresh ? ", fresh values every repetition" : "");
    std::printf("session  %8.1f MiB  %6.0f bytes/step (feeding took %.1f s)\n",
                afterSession - start, (afterSession - start) * 1048576.0 / fed, feedSeconds);
    std::printf("stepper  %8.1f MiB  %6.0f bytes/step (indexing took %.2f s)\n",
                afterStepper - afterSession, (afterStepper - afterSession) * 1048576.0 / fed,
                indexSeconds);
    std::printf("total    %8.1f MiB  %6.0f bytes/step (timeline count %d)\n", afterStepper - start,
                (afterStepper - start) * 1048576.0 / fed, panel->timeline().count());
    std::printf("store    %8.1f MiB  %6.0f bytes/step (%zu sites, %zu values, %zu strings)\n",
                store.bytesUsed() / 1048576.0, double(store.bytesUsed()) / fed, store.siteCount(),
                store.valueCount(), store.stringCount());
    std::printf("jump to the last step %.1f ms, to the middle %.1f ms\n", jumpLastMs, jumpMiddleMs);
    if (!reopen)
        return 0;

    const QString saved = dir.filePath("saved.dscap");
    QString error;
    session.endRun(RunState::Finished, QStringLiteral("done"));
    clock.restart();
    if (!RecordingFile::save(session, saved, error)) {
        std::fprintf(stderr, "save failed: %s\n", qPrintable(error));
        return 1;
    }
    const double saveSeconds = clock.elapsed() / 1000.0;
    ownedViews.reset();
    owned.reset();
    const double beforeOpen = residentMiB();
    resetPeak();
    clock.restart();
    CaptureSession reopened;
    {
        RecordingFile file;
        if (!file.read(saved)) {
            std::fprintf(stderr, "open failed: %s\n", qPrintable(file.errorString()));
            return 1;
        }
        file.applyTo(reopened, QString(), QString());
    }
    const double openSeconds = clock.elapsed() / 1000.0;
    std::printf("saved    %8.1f MiB file in %.1f s\n", QFileInfo(saved).size() / 1048576.0,
                saveSeconds);
    std::printf("reopened %zu steps in %.1f s: session %.1f MiB (%.0f bytes/step), peak while "
                "opening +%.1f MiB\n",
                reopened.steps().size(), openSeconds, residentMiB() - beforeOpen,
                (residentMiB() - beforeOpen) * 1048576.0 / fed, peakMiB() - beforeOpen);
    return 0;
}
