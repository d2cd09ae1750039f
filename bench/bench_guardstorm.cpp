// bench_guardstorm: the GUI on a recompile storm. A generated script calls one compiled function
// CALLS times with a new int each call (cache_size_limit 2000, so every call tries every entry
// and recompiles); the main window runs it in the real worker, the Guards & Cache view decodes
// every call. Prints the run's wall time (start to finished, the view refreshed), the peak
// resident set (VmHWM) and the bytes of the `call` events the session received.
//
//   bench_guardstorm [CALLS]
#include "benchsupport.h"
#include "capturesession.h"
#include "guards/calltimeline.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "workerclient.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <fstream>
#include <string>

using namespace dynascope;

namespace {
double peakResidentMiB() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}
} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int calls = argc > 1 ? std::atoi(argv[1]) : 1000;
    QTemporaryDir dir;
    const QString script = dir.filePath("storm.py");
    if (!bench::writeStormScript(script, calls, 2000))
        return 1;

    MainWindow window;
    window.resize(1280, 800);
    window.runController()->worker()->setExecutable(QStringLiteral(DYNASCOPE_EXE));
    window.show();
    if (!window.openFile(script))
        return 1;
    QEventLoop loop;
    QObject::connect(window.runController(), &RunController::runningChanged, &loop,
                     [&loop](bool running) {
                         if (!running)
                             loop.quit();
                     });
    QElapsedTimer timer;
    timer.start();
    window.run();
    QTimer::singleShot(1800000, &loop, &QEventLoop::quit);
    loop.exec();
    auto *dock = window.findChild<GuardsDock *>();
    dock->refresh();
    const double seconds = timer.elapsed() / 1000.0;
    size_t bytes = 0;
    for (const Json &e : window.session()->eventsOfType(EventType::Call))
        bytes += encodeEvent(e).size() + 1;
    std::printf("%d calls: %.1f s, peak RSS %.0f MiB, %zu call events (%zu bytes), timeline %d "
                "marks\n",
                calls, seconds, peakResidentMiB(),
                window.session()->eventsOfType(EventType::Call).size(), bytes,
                dock->panel()->timeline()->callCount());
    return 0;
}
