// `dynascope [gui [FILE]]`: the Qt application around MainWindow, plus a scripted screenshot mode.
#include "guiapplication.h"
#include "dynascopeversion.h"

#include "capturesession.h"
#include "lessons/uilanguage.h"
#include "mainwindow.h"
#include "runcontroller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
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

// The GUI's command line; parsing needs no display, so --help and --version work without one.
struct GuiOptions {
    QCommandLineOption run{QStringLiteral("run"), QStringLiteral("Run the script at start")};
    QCommandLineOption line{QStringLiteral("line"), QStringLiteral("Select source line N"),
                            QStringLiteral("N")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Grab the window to OUT.png and quit"),
                                  QStringLiteral("OUT.png")};
    QCommandLineOption layout{
        QStringLiteral("layout"),
        QStringLiteral("Arrange the window for a task: step, graphs or teach"),
        QStringLiteral("ID")};

    void addTo(QCommandLineParser &parser) const {
        parser.setApplicationDescription(QStringLiteral("Dynascope GUI"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("FILE"),
                                     QStringLiteral("Python script or .dscap capture to open"));
        parser.addOptions({run, line, screenshot, layout});
    }
};

void describeApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("Dynascope"));
    QCoreApplication::setApplicationName(QStringLiteral("Dynascope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DYNASCOPE_VERSION));
}

QStringList guiArguments(const QStringList &all) {
    QStringList arguments = all;
    if (arguments.size() >= 2 && arguments.at(1) == QLatin1String("gui"))
        arguments.removeAt(1);
    return arguments;
}

// --help, -h, --help-all, --version, -v: answered before QApplication exists, because
// QApplication aborts in the platform plugin where there is no display.
bool onlyPrints(int argc, char **argv) {
    for (int i = 1; i < argc && std::strcmp(argv[i], "--") != 0; ++i)
        for (const char *flag : {"--help", "-h", "--help-all", "--version", "-v", "-?"})
            if (std::strcmp(argv[i], flag) == 0)
                return true;
    return false;
}

// Qt picks xcb or wayland from these; without any, QApplication would abort with a core dump.
bool haveDisplay(int argc, char **argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "-platform") == 0)
            return true;
    for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        if (!qEnvironmentVariableIsEmpty(name))
            return true;
    return false;
}
// Settings (recent files, window state) are the user's own: 0700 folder, 0600 file (Qt keeps an
// existing file's permissions when it rewrites it). Where they cannot be written, say so once.
void secureSettings() {
    const QFileInfo file(QSettings().fileName());
    QFile existing(file.filePath());
    if (!QDir().mkpath(file.absolutePath()) ||
        (!file.exists() && !existing.open(QIODevice::WriteOnly))) {
        std::fprintf(stderr,
                     "dynascope: settings cannot be saved in %s (not writable); they last until "
                     "the window closes\n",
                     qPrintable(QDir::toNativeSeparators(file.absolutePath())));
        return;
    }
    existing.close();
    QFile::setPermissions(file.absolutePath(),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QFile::setPermissions(file.filePath(), QFile::ReadOwner | QFile::WriteOwner);
}

// Copies a crashed session left behind: each is offered once, then removed either way.
void offerAutosavedScripts(MainWindow &window) {
    for (const ScriptAutosave::Copy &copy : ScriptAutosave::leftBehind()) {
        const QString name = copy.originalPath.isEmpty()
                                 ? MainWindow::tr("an untitled script")
                                 : QDir::toNativeSeparators(copy.originalPath);
        const auto answer = QMessageBox::question(
            &window, MainWindow::tr("Restore unsaved changes"),
            MainWindow::tr("Dynascope ended without saving the changes to %1 (autosaved %2). "
                           "Restore them?")
                .arg(name, QLocale().toString(copy.saved, QLocale::ShortFormat)),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            window.restoreAutosave(copy);
            return; // one script at a time in the editor; later copies wait for the next start
        }
        ScriptAutosave::remove(copy);
    }
}
} // namespace

int runGuiApplication(int argc, char **argv) {
    GuiOptions options;
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        describeApplication();
        QCommandLineParser parser;
        options.addTo(parser);
        const QStringList arguments = guiArguments(app.arguments());
        parser.parse(arguments);
        if (!parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
            parser.process(arguments); // --version, --help-all: prints and exits
            return 0;
        }
        // Qt names the program by its full path; the user typed `dynascope gui`.
        std::fputs(qPrintable(parser.helpText().replace(arguments.first(),
                                                        QStringLiteral("dynascope gui"))),
                   stdout);
        return 0;
    }
    if (!haveDisplay(argc, argv)) {
        std::fprintf(stderr,
                     "dynascope: no display to open the GUI on (DISPLAY and WAYLAND_DISPLAY are "
                     "unset).\nRun a script headless with 'dynascope run FILE' or 'dynascope "
                     "explain FILE', or set QT_QPA_PLATFORM=offscreen.\n");
        return 2;
    }
    QApplication app(argc, argv);
    describeApplication();
    secureSettings();
    QGuiApplication::setApplicationDisplayName(QStringLiteral("Dynascope"));
    UiLanguage::instance()->installFromSettings(); // before any widget builds its texts

    QCommandLineParser parser;
    options.addTo(parser);
    parser.process(guiArguments(app.arguments()));
    const QCommandLineOption &runOption = options.run;
    const QCommandLineOption &lineOption = options.line;
    const QCommandLineOption &shotOption = options.screenshot;
    const QCommandLineOption &layoutOption = options.layout;

    MainWindow window;
    window.show();
    if (!parser.isSet(shotOption))
        offerAutosavedScripts(window);
    if (parser.isSet(layoutOption) && !window.applyLayout(parser.value(layoutOption))) {
        std::fprintf(stderr, "dynascope gui: no layout named '%s' (step, graphs, teach)\n",
                     qPrintable(parser.value(layoutOption)));
        return 2;
    }
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
