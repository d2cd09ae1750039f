// MainWindow: menus, documents, docks, layouts, settings and the script file; everything shown
// lives in the session.
#include "mainwindow.h"

#include "bytecodeview.h"
#include "capturesession.h"
#include "compiledcall/compiledcalldock.h"
#include "consoleview.h"
#include "graphdocks.h"
#include "guards/guardsdock.h"
#include "help/helpmenu.h"
#include "help/welcomepage.h"
#include "icons/apptheme.h"
#include "icons/themeicons.h"
#include "kernels/kerneldocks.h"
#include "lessons/lessondocks.h"
#include "memorylimitaction.h"
#include "recentfiles.h"
#include "recording/recordingfile.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "stepperdocks.h"
#include "workspace/defaultlayouts.h"
#include "workspace/documentarea.h"
#include "workspace/workspacelayouts.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QScrollArea>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStringDecoder>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace dynascope {

namespace {
constexpr int DefaultMaxSteps = 100000; // the recorder's own default, said explicitly
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new CaptureSession(this)),
      m_run(new RunController(m_session, this)), m_documents(new DocumentArea(this)),
      m_editor(new SourceEditor(m_session, this)), m_sourceBanner(new QLabel(this)),
      m_bytecodeView(new BytecodeView(m_session)), m_console(new ConsoleView(m_session)),
      m_runStatus(new QLabel(this)), m_liveStatus(new QTimer(this)) {
    setCentralWidget(m_documents);
    setDockNestingEnabled(true);
    // The bottom docks span the whole width; the side docks keep the full height above them.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    m_layouts = new WorkspaceLayouts(this, m_documents);
    m_autosave = new ScriptAutosave(
        m_editor, [this] { return m_path; }, this);
    createActions();

    auto *welcome = new WelcomePage;
    connect(welcome, &WelcomePage::openRequested, this, [this](const QString &path) {
        if (maybeSave() && openFile(path))
            m_documents->showDocument(QStringLiteral("source"));
    });
    addDocument(welcome, tr("Welcome"), QStringLiteral("welcome"));
    auto *sourcePage = new QWidget;
    auto *sourceLayout = new QVBoxLayout(sourcePage);
    sourceLayout->setContentsMargins(0, 0, 0, 0);
    sourceLayout->setSpacing(0);
    m_sourceBanner->setObjectName(QStringLiteral("sourceBanner"));
    m_sourceBanner->setWordWrap(true);
    m_sourceBanner->setAutoFillBackground(true);
    m_sourceBanner->setBackgroundRole(QPalette::ToolTipBase);
    m_sourceBanner->setForegroundRole(QPalette::ToolTipText);
    m_sourceBanner->setContentsMargins(8, 4, 8, 4);
    m_sourceBanner->hide();
    sourceLayout->addWidget(m_sourceBanner);
    sourceLayout->addWidget(m_editor);
    addDocument(sourcePage, tr("Script"), QStringLiteral("source"));

    addPanel(m_bytecodeView, tr("Bytecode"), QStringLiteral("bytecodeDock"),
             Qt::RightDockWidgetArea);
    addPanel(m_console, tr("Console"), QStringLiteral("consoleDock"), Qt::BottomDockWidgetArea);
    m_stepperDocks = new StepperDocks(this); // stepper, stack, call stack and frame docks
    m_stepper = m_stepperDocks->views();
    m_breakpointMargin = m_stepperDocks->breakpointMargin();
    new GraphDocks(this); // graph document, explain and tracer docks; owned by the window
    addDefaultLayouts(*m_layouts);
    new LessonDocks(this); // lessons and drill (placed in "teach"), Learn menu, language
    new KernelDocks(this); // generated kernels and their timing (joins the layouts); owned here
    new GuardsDock(this);  // guards & cache dock (placed in the graphs layout); owned by the window
    // Call marks on the stepper and F11 into a compiled call; made after the docks it drives.
    new CompiledCallDock(this);
    createLayoutActions(m_mainToolBar);
    m_viewMenu->addAction(m_mainToolBar->toggleViewAction());
    m_help = new HelpMenu(this, menuBar()->addMenu(tr("&Help")), [this] { showWelcome(); });
    statusBar()->addPermanentWidget(m_runStatus);
    m_liveStatus->setInterval(250);
    connect(m_liveStatus, &QTimer::timeout, this, &MainWindow::updateRunStatus);

    connect(m_editor, &QsciScintilla::modificationChanged, this, &QWidget::setWindowModified);
    connect(m_editor, &QsciScintilla::textChanged, this, &MainWindow::updateSourceBanner);
    connect(m_session, &CaptureSession::runStateChanged, this, &MainWindow::updateRunStatus);
    connect(m_session, &CaptureSession::runStateChanged, this, &MainWindow::updateSourceBanner);
    connect(m_run, &RunController::runningChanged, m_stopAction, &QAction::setEnabled);
    updateTitle();
    updateRunStatus();
    restoreSettings();
    showWelcome(); // until a script is opened
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    ThemeIcons::set(open, QStringLiteral("open"));
    open->setStatusTip(tr("Open a Python script or a .dscap recording"));
    QAction *openRecording =
        file->addAction(tr("Open Re&cording…"), this, &MainWindow::showOpenRecordingDialog);
    openRecording->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openRecording->setStatusTip(tr("Open a saved run (.dscap) to step through it again"));
    m_recentFiles = new RecentFiles(file->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    file->addSeparator();
    m_saveAction = file->addAction(tr("&Save Script"), this, &MainWindow::save);
    m_saveAction->setShortcut(QKeySequence::Save);
    ThemeIcons::set(m_saveAction, QStringLiteral("save"));
    m_saveAction->setStatusTip(tr("Write the editor's text to the script file"));
    QAction *saveAs = file->addAction(tr("Save Script &As…"), this, &MainWindow::saveAs);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    // A recording is the run, not the text: its own key, free in every common editor.
    m_saveRecordingAction =
        file->addAction(tr("Save &Recording…"), this, &MainWindow::showSaveRecordingDialog);
    m_saveRecordingAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    m_saveRecordingAction->setStatusTip(
        tr("Save the run (every recorded step, graph and output) as a .dscap file"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    m_runAction = runMenu->addAction(tr("&Run"), this, &MainWindow::run);
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    ThemeIcons::set(m_runAction, QStringLiteral("run"));
    m_runAction->setStatusTip(tr("Run the script in a fresh worker process"));
    m_stopAction = runMenu->addAction(tr("&Stop"), this, &MainWindow::stop);
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    ThemeIcons::set(m_stopAction, QStringLiteral("stop"));
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
    addWorkerMemoryLimitAction(runMenu, m_run, this);
    // The shortcuts must work wherever the focus is, docks included.
    m_runAction->setShortcutContext(Qt::ApplicationShortcut);
    m_stopAction->setShortcutContext(Qt::ApplicationShortcut);

    m_viewMenu = menuBar()->addMenu(tr("&View"));

    QToolBar *toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(open);
    toolBar->addAction(m_saveAction);
    toolBar->addSeparator();
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_stopAction);
    toolBar->addSeparator();
    // Every toolbar button says what it does and its key.
    for (QAction *a : toolBar->actions())
        if (!a->isSeparator() && !a->shortcut().isEmpty())
            a->setToolTip(QStringLiteral("%1 (%2)\n%3")
                              .arg(a->text().remove(QLatin1Char('&')),
                                   a->shortcut().toString(QKeySequence::NativeText),
                                   a->statusTip()));
    m_mainToolBar = toolBar;
}

void MainWindow::createLayoutActions(QToolBar *toolBar) {
    // One checkable action per task layout, Ctrl+Alt+1, 2, … in order.
    auto *group = new QActionGroup(this);
    QMenu *menu = m_viewMenu->addMenu(tr("&Layout"));
    int number = 0;
    for (const WorkspaceLayout &layout : m_layouts->layouts()) {
        QAction *a = menu->addAction(layout.title);
        a->setObjectName(QStringLiteral("layout-%1").arg(layout.id));
        a->setCheckable(true);
        if (ThemeIcons::exists(QStringLiteral("layout-") + layout.id))
            ThemeIcons::set(a, QStringLiteral("layout-") + layout.id);
        if (++number <= 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | (Qt::Key_0 + number)));
        a->setStatusTip(layout.toolTip);
        a->setToolTip(QStringLiteral("%1 (%2)\n%3")
                          .arg(tr("Layout: %1").arg(layout.title),
                               a->shortcut().toString(QKeySequence::NativeText), layout.toolTip));
        group->addAction(a);
        toolBar->addAction(a);
        const QString id = layout.id;
        connect(a, &QAction::triggered, this, [this, id] { applyLayout(id); });
    }
    connect(m_layouts, &WorkspaceLayouts::applied, this, [this](const QString &id) {
        if (auto *a = findChild<QAction *>(QStringLiteral("layout-%1").arg(id)))
            a->setChecked(true);
    });
    new AppTheme(this, m_viewMenu);
    QAction *reset = m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    reset->setObjectName(QStringLiteral("resetLayout"));
    reset->setStatusTip(tr("Put every panel of this layout back where it started"));
    m_viewMenu->addSeparator();
}

bool MainWindow::applyLayout(const QString &id) {
    return m_layouts->apply(id);
}

void MainWindow::resetLayout() {
    applyLayout(m_layouts->current().isEmpty() ? QStringLiteral("step") : m_layouts->current());
}

void MainWindow::showWelcome() {
    m_documents->showDocument(QStringLiteral("welcome"));
}

void MainWindow::addDocument(QWidget *widget, const QString &title, const QString &id) {
    m_documents->addDocument(widget, title, id);
}

QDockWidget *MainWindow::addPanel(QWidget *widget, const QString &title, const QString &objectName,
                                  Qt::DockWidgetArea area, PanelFit fit) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    if (fit == PanelFit::ScrollWhenShort) {
        // Docks tabbed together share one height, at least the largest minimum among them: the
        // Guards panel's ~290 px took half of a 1280x800 window from the script in every layout.
        auto *scroll = new QScrollArea(dock);
        scroll->setObjectName(objectName + QStringLiteral("Scroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(widget);
        dock->setWidget(scroll);
    } else {
        dock->setWidget(widget);
    }
    addDockWidget(area, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::restoreSettings() {
    QSettings settings;
    const QString layout = settings.value("mainWindow/layout", QStringLiteral("step")).toString();
    if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) {
        // First start: most of the screen's free area (without panels and docks of the desktop),
        // so the status bar is never below the screen's edge; all of it on small screens.
        // The frame is not known before the window shows: leave room for a usual one.
        const QRect free = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
        const bool small = free.width() < 1600 || free.height() < 1000;
        const QSize size = small ? free.size() - QSize(8, 36)
                                 : QSize(free.width() * 9 / 10, free.height() * 9 / 10);
        resize(size);
        move(free.center() - QPoint(size.width() / 2, size.height() / 2));
        if (small)
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    if (restoreState(settings.value("mainWindow/state").toByteArray()) &&
        m_layouts->layout(layout)) {
        m_layouts->setCurrent(layout);
        if (auto *a = findChild<QAction *>(QStringLiteral("layout-%1").arg(layout)))
            a->setChecked(true);
        return;
    }
    applyLayout(m_layouts->layout(layout) ? layout : QStringLiteral("step"));
}

void MainWindow::restoreAutosave(const ScriptAutosave::Copy &copy) {
    if (!copy.originalPath.isEmpty() && QFileInfo::exists(copy.originalPath))
        openFile(copy.originalPath);
    m_editor->setText(copy.text);
    m_editor->setModified(true);
    updateTitle();
    ScriptAutosave::remove(copy);
    m_autosave->sync();
}

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    settings.setValue("mainWindow/state", saveState());
    settings.setValue("mainWindow/layout", m_layouts->current());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (m_openingRecording) { // the window closes once the read it waits for has ended
        m_closeAfterOpening = true;
        event->ignore();
        return;
    }
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_run->stop();
    saveSettings();
    m_autosave->discard(); // saved or discarded on purpose
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
    // Another script: the previous run's steps, graphs and output do not belong to it.
    if (m_run->isRunning())
        m_run->stop();
    m_session->clearRun();
    m_bannerNote.clear();
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    m_session->setScript(m_path, text);
    m_recentFiles->add(m_path);
    m_documents->showDocument(QStringLiteral("source"));
    updateTitle();
    updateSourceBanner();
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
    m_autosave->sync();
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

bool MainWindow::confirmSaveBeforeRun() {
    if (m_path.isEmpty()) {
        // The worker runs files: an untitled script needs a name first.
        statusBar()->showMessage(tr("Save the script to run it"), 5000);
        return saveAs();
    }
    if (!m_editor->isModified())
        return true;
    if (!QSettings().value("run/saveWithoutAsking", false).toBool()) {
        QMessageBox box(QMessageBox::Question, tr("Unsaved changes"),
                        tr("%1 has unsaved changes. The script runs from its file: save the "
                           "changes and run?")
                            .arg(QFileInfo(m_path).fileName()),
                        QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("saveBeforeRunBox"));
        QPushButton *saveAndRun = box.addButton(tr("&Save and Run"), QMessageBox::AcceptRole);
        box.setDefaultButton(saveAndRun);
        auto *always = new QCheckBox(tr("Always save before running without asking"), &box);
        box.setCheckBox(always);
        box.exec();
        if (box.clickedButton() != saveAndRun)
            return false;
        if (always->isChecked())
            QSettings().setValue("run/saveWithoutAsking", true);
    }
    if (!save())
        return false;
    statusBar()->showMessage(tr("Saved %1 before running").arg(QFileInfo(m_path).fileName()), 5000);
    return true;
}

void MainWindow::run() {
    if (!confirmSaveBeforeRun())
        return;
    m_bannerNote.clear();
    statusBar()->clearMessage(); // "press F5 to run it" must not outlive the press
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

void MainWindow::updateSourceBanner() {
    // A recording of other text than the editor's: its steps name lines that may have moved.
    const QString recorded = m_session->recordedSource();
    const bool stale = m_session->runState() != RunState::Running &&
                       m_session->runState() != RunState::Idle && !recorded.isEmpty() &&
                       recorded != m_editor->text();
    QStringList lines;
    if (!m_bannerNote.isEmpty())
        lines << m_bannerNote;
    if (stale)
        lines << tr("The script was edited after this run was recorded: the steps, graphs and "
                    "markers may point at the wrong lines. Run it again (F5) to record the new "
                    "text.");
    m_sourceBanner->setText(lines.join(QLatin1Char('\n')));
    m_sourceBanner->setVisible(!lines.isEmpty());
}

void MainWindow::updateTitle() {
    const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
    setWindowTitle(tr("%1[*] — Dynascope").arg(name));
}

QString MainWindow::runStatusText() const {
    return m_runStatus->text();
}

void MainWindow::updateRunStatus() {
    const RunState state = m_session->runState();
    // While a run records, a live count every quarter second; a warning near the step limit.
    if (state == RunState::Running && !m_liveStatus->isActive())
        m_liveStatus->start();
    else if (state != RunState::Running)
        m_liveStatus->stop();
    QString text = state == RunState::Idle ? tr("Ready") : m_session->runDescription();
    const long long steps = (long long)(m_session->steps().size());
    const long long limit = m_run->runOptions().maxSteps;
    const bool near = state == RunState::Running && limit > 0 && steps >= limit * 9 / 10 &&
                      m_session->eventsOfType(EventType::RecordingStopped).empty();
    if (state == RunState::Running && m_run->runOptions().record)
        text = tr("%1 — %L2 steps recorded").arg(text).arg(steps);
    if (near)
        text += tr(" — near the limit of %L1 steps (Run ▸ Recording Limit)").arg(limit);
    m_runStatus->setText(text);
    m_runStatus->setForegroundRole(near ? QPalette::Link : QPalette::WindowText);
    m_runStatus->setToolTip(text);
}

} // namespace dynascope
