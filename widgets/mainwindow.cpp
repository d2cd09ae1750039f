// MainWindow: menus, docks, settings and the script file; everything shown lives in the session.
#include "mainwindow.h"

#include "bytecodeview.h"
#include "capturesession.h"
#include "consoleview.h"
#include "graphdocks.h"
#include "lessons/lessondocks.h"
#include "recentfiles.h"
#include "recording/recordingfile.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "stepper/breakpointmargin.h"
#include "stepper/callstackview.h"
#include "stepper/frameview.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QStringDecoder>
#include <QToolBar>

#include <algorithm>
#include <climits>

namespace dynascope {

namespace {
constexpr int DefaultMaxSteps = 100000; // the recorder's own default, said explicitly
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new CaptureSession(this)),
      m_run(new RunController(m_session, this)), m_editor(new SourceEditor(m_session, this)),
      m_bytecodeView(new BytecodeView(m_session)), m_console(new ConsoleView(m_session)),
      m_runStatus(new QLabel(this)) {
    setCentralWidget(m_editor);
    setDockNestingEnabled(true);
    createActions();
    addPanel(m_bytecodeView, tr("Bytecode"), QStringLiteral("bytecodeDock"),
             Qt::RightDockWidgetArea);
    addPanel(m_console, tr("Console"), QStringLiteral("consoleDock"), Qt::BottomDockWidgetArea);
    createStepper();
    new GraphDocks(this);  // graphs, explain and tracer docks; owned by the window
    new LessonDocks(this); // lessons, drill, Learn menu and language; owned by the window
    statusBar()->addPermanentWidget(m_runStatus);

    connect(m_editor, &QsciScintilla::modificationChanged, this, &QWidget::setWindowModified);
    connect(m_session, &CaptureSession::runStateChanged, this, &MainWindow::updateRunStatus);
    connect(m_run, &RunController::runningChanged, m_stopAction, &QAction::setEnabled);
    updateTitle();
    updateRunStatus();
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    QAction *openRecording =
        file->addAction(tr("Open Re&cording…"), this, &MainWindow::showOpenRecordingDialog);
    openRecording->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_recentFiles = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    file->addSeparator();
    // Ctrl+S saves the recording (issue 3: a run is what a user keeps); the script is saved
    // before every run anyway, and by hand with Ctrl+Shift+S.
    QAction *saveRecording =
        file->addAction(tr("&Save Recording…"), this, &MainWindow::showSaveRecordingDialog);
    saveRecording->setShortcut(QKeySequence::Save);
    QAction *saveAction = file->addAction(tr("Save S&cript"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    saveAction->setIcon(QIcon::fromTheme(QStringLiteral("document-save")));
    file->addAction(tr("Save Script &As…"), this, &MainWindow::saveAs);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_runAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-start")));
    m_runAction->setStatusTip(tr("Run the script in a fresh worker process"));
    m_stopAction = runMenu->addAction(tr("&Stop"), this, &MainWindow::stop);
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_stopAction->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-stop")));
    m_stopAction->setStatusTip(tr("Kill the worker process"));
    m_stopAction->setEnabled(false);
    runMenu->addSeparator();
    // Recording makes a run slower (every instruction becomes an event), so it can be turned off.
    QAction *record = runMenu->addAction(tr("Record &Steps"));
    record->setCheckable(true);
    record->setStatusTip(tr("Record every instruction of the script for the stepper"));
    record->setChecked(QSettings().value("run/recordSteps", true).toBool());
    auto applyRecord = [this](bool on) {
        RunOptions options = m_run->runOptions();
        options.record = on;
        m_run->setRunOptions(options);
        QSettings().setValue("run/recordSteps", on);
    };
    applyRecord(record->isChecked());
    connect(record, &QAction::toggled, this, applyRecord);
    // The recorder stops at a step limit and the script runs on; remembered like the switch.
    QAction *limit = runMenu->addAction(tr("Recording &Limit…"));
    limit->setStatusTip(tr("The most steps a recording keeps (the script runs on after them)"));
    auto applyLimit = [this](long long steps) {
        RunOptions options = m_run->runOptions();
        options.maxSteps = steps;
        m_run->setRunOptions(options);
    };
    applyLimit(QSettings().value("run/maxSteps", DefaultMaxSteps).toLongLong());
    connect(limit, &QAction::triggered, this, [this, applyLimit] {
        bool ok = false;
        const int steps =
            QInputDialog::getInt(this, tr("Recording Limit"), tr("Record at most this many steps:"),
                                 int(std::min<long long>(m_run->runOptions().maxSteps, INT_MAX)), 1,
                                 INT_MAX, DefaultMaxSteps / 10, &ok);
        if (!ok)
            return;
        QSettings().setValue("run/maxSteps", steps);
        applyLimit(steps);
    });
    // The shortcuts must work wherever the focus is, docks included.
    m_runAction->setShortcutContext(Qt::ApplicationShortcut);
    m_stopAction->setShortcutContext(Qt::ApplicationShortcut);

    m_viewMenu = menuBar()->addMenu(tr("&View"));

    QToolBar *toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(open);
    toolBar->addAction(saveAction);
    toolBar->addSeparator();
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_stopAction);
    m_viewMenu->addAction(toolBar->toggleViewAction());
}

QDockWidget *MainWindow::addPanel(QWidget *widget, const QString &title, const QString &objectName,
                                  Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::restoreSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray()))
        resize(1280, 800);
    if (restoreState(settings.value("mainWindow/state").toByteArray()))
        return;
    // First start: a wide editor, the bytecode readable next to it, a short console.
    auto dock = [this](const char *name) {
        return findChild<QDockWidget *>(QLatin1String(name), Qt::FindDirectChildrenOnly);
    };
    resizeDocks({dock("bytecodeDock")}, {560}, Qt::Horizontal);
    resizeDocks({dock("consoleDock")}, {150}, Qt::Vertical);
    if (QDockWidget *stack = dock("stackDock"))
        resizeDocks({dock("bytecodeDock"), stack}, {420, 200}, Qt::Vertical);
}

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    settings.setValue("mainWindow/state", saveState());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_run->stop();
    saveSettings();
    event->accept();
}

bool MainWindow::maybeSave() {
    if (!m_editor->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes.")
            .arg(m_path.isEmpty() ? tr("The script") : QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::showOpenDialog() {
    if (!maybeSave())
        return;
    const QString dir = m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Script or Recording"), dir,
        tr("Scripts and recordings (*.py *.dscap);;Python scripts (*.py);;Recordings "
           "(*.dscap);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path) {
    if (RecordingFile::isRecording(path))
        return openRecording(path);
    QFile file(path);
    QString problem;
    QString text;
    if (QFileInfo(path).isDir()) {
        problem = tr("it is a folder");
    } else if (!file.open(QIODevice::ReadOnly)) {
        problem = file.errorString();
    } else {
        QStringDecoder utf8(QStringDecoder::Utf8);
        text = utf8.decode(file.readAll());
        if (utf8.hasError())
            problem = tr("it is not UTF-8 text");
    }
    if (!problem.isEmpty()) {
        QMessageBox::warning(
            this, tr("Cannot open script"),
            tr("Cannot open %1: %2.").arg(QDir::toNativeSeparators(path), problem));
        if (!QFileInfo::exists(path))
            m_recentFiles->remove(path);
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    m_session->setScript(m_path, text);
    m_recentFiles->add(m_path);
    updateTitle();
    statusBar()->showMessage(tr("Opened %1 — press F5 to run it").arg(QFileInfo(m_path).fileName()),
                             5000);
    return true;
}

bool MainWindow::writeFile(const QString &path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_editor->text().toUtf8()) < 0 ||
        !file.commit()) {
        QMessageBox::warning(
            this, tr("Cannot save script"),
            tr("Cannot save %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    m_editor->setModified(false);
    m_recentFiles->add(m_path);
    updateTitle();
    return true;
}

bool MainWindow::save() {
    return m_path.isEmpty() ? saveAs() : writeFile(m_path);
}

bool MainWindow::saveAs() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Script"), m_path.isEmpty() ? QDir::currentPath() : m_path,
        tr("Python scripts (*.py);;All files (*)"));
    return !path.isEmpty() && writeFile(path);
}

void MainWindow::run() {
    if (m_path.isEmpty() || m_editor->isModified()) {
        if (!save())
            return;
        statusBar()->showMessage(tr("Saved %1 before running").arg(QFileInfo(m_path).fileName()),
                                 5000);
    }
    m_session->setScript(m_path, m_editor->text());
    m_run->run();
}

void MainWindow::stop() {
    m_run->stop();
}

void MainWindow::showProblem(const QString &title, const QString &text) {
    m_lastError = text;
    emit problemShown(text);
    // Window-modal but not blocking: the caller returns at once (scripted use, tests).
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showOpenRecordingDialog() {
    if (!maybeSave())
        return;
    const QString dir = m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Recording"), dir,
                                                      tr("Recordings (*.dscap);;All files (*)"));
    if (!path.isEmpty())
        openRecording(path);
}

void MainWindow::showSaveRecordingDialog() {
    const QString script = m_session->scriptPath();
    const QString suggestion =
        script.isEmpty() ? QDir::current().filePath(QStringLiteral("recording.dscap"))
                         : QFileInfo(script).dir().filePath(QFileInfo(script).completeBaseName() +
                                                            QStringLiteral(".dscap"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Recording"), suggestion,
                                                      tr("Recordings (*.dscap);;All files (*)"));
    if (!path.isEmpty())
        saveRecording(path);
}

bool MainWindow::saveRecording(const QString &path) {
    QString problem;
    if (m_run->isRunning())
        problem = tr("the script is still running; wait for it or stop it (Shift+F5)");
    else if (m_session->allEvents().empty())
        problem = tr("there is no run to save; run the script first (F5)");
    else if (!RecordingFile::save(*m_session, path, problem))
        problem = problem.isEmpty() ? tr("cannot write the file") : problem;
    else {
        m_recentFiles->add(QFileInfo(path).absoluteFilePath());
        statusBar()->showMessage(
            tr("Saved the recording to %1").arg(QDir::toNativeSeparators(path)), 5000);
        return true;
    }
    showProblem(tr("Cannot save recording"),
                tr("Cannot save %1: %2.").arg(QDir::toNativeSeparators(path), problem));
    return false;
}

bool MainWindow::openRecording(const QString &path) {
    if (m_run->isRunning()) {
        showProblem(tr("Cannot open recording"),
                    tr("A script is running; stop it (Shift+F5) before opening %1.")
                        .arg(QDir::toNativeSeparators(path)));
        return false;
    }
    // Read and check everything first: a bad file must not cost the run on screen.
    RecordingFile recording;
    if (!recording.read(path)) {
        showProblem(tr("Cannot open recording"),
                    tr("Cannot open the recording %1:\n%2")
                        .arg(QDir::toNativeSeparators(path), recording.errorString()));
        if (!QFileInfo::exists(path))
            m_recentFiles->remove(path);
        return false;
    }
    // The script as it is on disk now; steps name its lines, so a missing one is said.
    const QString script = recording.scriptPath();
    QString text;
    QString note;
    QFile file(script);
    if (script.isEmpty())
        note = tr("The recording names no script; the editor is empty.");
    else if (!file.open(QIODevice::ReadOnly))
        note = tr("The recorded script %1 cannot be read (%2); the editor is empty.")
                   .arg(QDir::toNativeSeparators(script), file.errorString());
    else
        text = QString::fromUtf8(file.readAll());
    m_path = note.isEmpty() ? QFileInfo(script).absoluteFilePath() : QString();
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    recording.applyTo(*m_session, text, note);
    m_recentFiles->add(recording.path());
    updateTitle();
    statusBar()->showMessage(tr("Opened the recording %1 (%2 events)")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(recording.eventCount()),
                             5000);
    return true;
}

void MainWindow::updateTitle() {
    const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
    setWindowTitle(tr("%1[*] — Dynascope").arg(name));
}

void MainWindow::updateRunStatus() {
    const QString text =
        m_session->runState() == RunState::Idle ? tr("Ready") : m_session->runDescription();
    m_runStatus->setText(text);
}

void MainWindow::createStepper() {
    // The bytecode stepper follows the run's recorded steps; its current step becomes the
    // session's selected instruction, so the editor and the bytecode view mark where it is.
    m_stepper = new StepperViews(this);
    StepperPanel *panel = m_stepper->panel();
    addPanel(panel, tr("Stepper"), QStringLiteral("stepperDock"), Qt::TopDockWidgetArea);
    addPanel(m_stepper->stackView(), tr("Stack"), QStringLiteral("stackDock"),
             Qt::RightDockWidgetArea);
    QDockWidget *calls = addPanel(m_stepper->callStackView(), tr("Call Stack"),
                                  QStringLiteral("callStackDock"), Qt::LeftDockWidgetArea);
    QDockWidget *frame = addPanel(m_stepper->frameView(), tr("Frame"), QStringLiteral("frameDock"),
                                  Qt::LeftDockWidgetArea);
    // A call stack is a few rows; the frame's scopes need the room.
    resizeDocks({calls, frame}, {120, 420}, Qt::Vertical);
    resizeDocks({frame}, {300}, Qt::Horizontal);
    menuBar()->addMenu(tr("&Debug"))->addActions(panel->stepperActions());

    connect(m_session, &CaptureSession::runStarted, this,
            [this] { m_stepper->setRecording(std::vector<Step>{}, {}); });
    connect(m_session, &CaptureSession::runStateChanged, this, [this] {
        const RunState state = m_session->runState();
        if (state != RunState::Running && state != RunState::Idle)
            m_stepper->setRecording(m_session->eventsOfType(EventType::Step),
                                    m_session->codeInfos());
    });
    connect(panel, &StepperPanel::currentLocationChanged, this,
            [this](const QString &, int, const QString &codeId, int offset) {
                m_session->setSelectedInstruction({codeId, offset});
            });
    connect(m_session, &CaptureSession::selectionChanged, this, [this, panel] {
        panel->setCursorLocation(m_session->scriptPath(), m_session->selectedLine());
    });
    connect(panel, &StepperPanel::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 4000); });
    // A click in the editor's margin (or F9 on the cursor's line) toggles a line breakpoint.
    m_breakpointMargin = new BreakpointMargin(m_editor, panel, m_session, this);
    // The recorder's step limit ends the timeline while the script runs on; the session put a
    // line in the console, the status bar keeps it in sight until the next message.
    connect(m_session, &CaptureSession::eventAdded, this, [this](const QString &type, int index) {
        if (type != QLatin1String(EventType::RecordingStopped))
            return;
        const Json &body = m_session->eventsOfType(EventType::RecordingStopped)[size_t(index)];
        const auto steps = body.find("steps");
        statusBar()->showMessage(tr("Recording stopped at %1 steps; the script runs on")
                                     .arg(steps != body.end() && steps->is_number_integer()
                                              ? steps->get<long long>()
                                              : 0));
    });
}

} // namespace dynascope
