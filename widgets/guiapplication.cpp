// `dynascope [gui [FILE]]`: the Qt application around MainWindow, plus a scripted screenshot mode.
#include "guiapplication.h"

#include "capturesession.h"
#include "lessons/uilanguage.h"
#include "mainwindow.h"
#include "runcontroller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace dynascope {

bool wantsGui(int argc, char **argv) {
    return argc < 2 || std::strcmp(argv[1], "gui") == 0;
}

namespace {
// `--screenshot OUT.png` (hidden; for docs and reviews): waits for the run when `--run` is given,
// grabs the window, writes the PNG and quits. Exit status 0 when the file was written.
void scheduleScreenshot(MainWindow &window, const QString &out, bool afterRun) {
    auto grab = [&window, out] {
        const bool ok = window.grab().save(out);
        std::fprintf(ok ? stdout : stderr, "%s %s\n", ok ? "wrote" : "could not write",
                     qPrintable(out));
        QCoreApplication::exit(ok ? 0 : 1);
    };
    // Let layouts and the dock sizes settle before grabbing.
    auto grabSoon = [grab] { QTimer::singleShot(400, grab); };
    if (afterRun)
        QObject::connect(window.runController(), &RunController::runningChanged, &window,
                         [grabSoon](bool running) {
                             if (!running)
                                 grabSoon();
                         });
    else
        grabSoon();
    QTimer::singleShot(120000, &window, grab); // a hung script must not hang the screenshot
}
} // namespace

int runGuiApplication(int argc, char **argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Dynascope"));
    QCoreApplication::setApplicationName(QStringLiteral("Dynascope"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Dynascope"));
    UiLanguage::instance()->installFromSettings(); // before any widget builds its texts

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Dynascope GUI"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Python script to open"));
    QCommandLineOption runOption(QStringLiteral("run"), QStringLiteral("Run the script at start"));
    QCommandLineOption lineOption(QStringLiteral("line"), QStringLiteral("Select source line N"),
                                  QStringLiteral("N"));
    QCommandLineOption shotOption(QStringLiteral("screenshot"),
                                  QStringLiteral("Grab the window to OUT.png and quit"),
                                  QStringLiteral("OUT.png"));
    parser.addOption(runOption);
    parser.addOption(lineOption);
    parser.addOption(shotOption);
    QStringList arguments = app.arguments();
    if (arguments.size() >= 2 && arguments.at(1) == QLatin1String("gui"))
        arguments.removeAt(1);
    parser.process(arguments);

    MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    // A missing file shows its message box over an empty window; nothing else is lost.
    const bool opened = !files.isEmpty() && window.openFile(files.first());
    if (opened && parser.isSet(lineOption)) {
        const int line = parser.value(lineOption).toInt();
        // After a run the bytecode exists to follow the line too; select it again then.
        QObject::connect(window.runController(), &RunController::runningChanged, &window,
                         [&window, line](bool running) {
                             if (!running) {
                                 window.session()->setSelectedLine(0);
                                 window.session()->setSelectedLine(line);
                             }
                         });
        window.session()->setSelectedLine(line);
    }
    if (opened && parser.isSet(runOption))
        window.run();
    if (parser.isSet(shotOption))
        scheduleScreenshot(window, parser.value(shotOption), opened && parser.isSet(runOption));
    return app.exec();
}

} // namespace dynascope
