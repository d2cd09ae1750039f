// MainWindow: menus, docks, settings and the script file; everything shown lives in the session.
#include "mainwindow.h"

#include "bytecodeview.h"
#include "capturesession.h"
#include "consoleview.h"
#include "graphdocks.h"
#include "recentfiles.h"
#include "runcontroller.h"
#include "sourceeditor.h"
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
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QStringDecoder>
#include <QToolBar>

namespace dynascope {

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
    new GraphDocks(this); // graphs, explain and tracer docks; owned by the window
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
    m_recentFiles = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    file->addSeparator();
    QAction *saveAction = file->addAction(tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    saveAction->setIcon(QIcon::fromTheme(QStringLiteral("document-save")));
    file->addAction(tr("Save &As…"), this, &MainWindow::saveAs)->setShortcut(QKeySequence::SaveAs);
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
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Script"), dir,
                                                      tr("Python scripts (*.py);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path) {
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
}

} // namespace dynascope
