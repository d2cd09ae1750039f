// bench_guimemory: GUI memory per recorded step. A real recording of loop_sum.py (dynascope trace
// --save) is repeated, renumbered, to N steps (default 1,000,000), fed to a CaptureSession as a
// live run is, then handed to the stepper as MainWindow does at the run's end; the resident set
// size is read from /proc/self/statm before and after each stage.
//
//   bench_guimemory [N] [RECORDING.dscap]
#include "capturesession.h"
#include "model/capturefile.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"

#include <QApplication>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace dynascope;

namespace {
double residentMiB() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}
} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const long long wanted = argc > 1 ? std::atoll(argv[1]) : 1000000;
    QTemporaryDir dir;
    QString path = argc > 2 ? QString::fromLocal8Bit(argv[2]) : dir.filePath("loop.dscap");
    if (argc <= 2) {
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

    const double start = residentMiB();
    CaptureSession session;
    session.beginRun();
    for (const Event &e : codes)
        session.addEvent(e);
    long long fed = 0;
    for (long long round = 0; fed < wanted; ++round)
        for (size_t i = 0; i < steps.size() && fed < wanted; ++i, ++fed) {
            Event e = steps[i];
            e.body["index"] = fed;
            e.body["frame"] = e.body.value("frame", 0LL) + round * 1000;
            session.addEvent(e);
        }
    const double afterSession = residentMiB();
    StepperViews views;
    views.setRecording(session.eventsOfType(EventType::Step), session.codeInfos());
    const double afterStepper = residentMiB();
    std::printf("steps %lld (from %zu recorded)\n", fed, steps.size());
    std::printf("session  %8.1f MiB  %6.0f bytes/step\n", afterSession - start,
                (afterSession - start) * 1048576.0 / fed);
    std::printf("stepper  %8.1f MiB  %6.0f bytes/step\n", afterStepper - afterSession,
                (afterStepper - afterSession) * 1048576.0 / fed);
    std::printf("total    %8.1f MiB  %6.0f bytes/step (timeline count %d)\n", afterStepper - start,
                (afterStepper - start) * 1048576.0 / fed, views.panel()->timeline().count());
    return 0;
}
