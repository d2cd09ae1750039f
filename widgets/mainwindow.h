// The main window: documents (welcome, script, graphs) in the centre, docks around, task layouts.
#pragma once

#include "scriptautosave.h"
#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QToolBar;
class QWidget;

namespace dynascope {

class BreakpointMargin;
class BytecodeView;
class CaptureSession;
class ConsoleView;
class DocumentArea;
class HelpMenu;
class RecentFiles;
class RunController;
class SourceEditor;
class StepperDocks;
class StepperViews;
class WorkspaceLayouts;

// Owns the session and its producer; views observe the session.
//
// For feature authors, two ways in:
//  - addPanel(widget, title, objectName, area): a dock, listed in View, remembered by saveState().
//    To show it in a task layout, add one line per layout:
//      window->layouts()->place("graphs", {"myDock", PanelPlacement::TabWith, …, "explainDock"});
//    (layouts: "step", "graphs", "teach"; see workspace/defaultlayouts.cpp for the dock names).
//  - addDocument(widget, title, id): a tab of the central document area (beside "source" and
//    "graphs"), for big things a user reads, such as generated code.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    CaptureSession *session() const { return m_session; }
    RunController *runController() const { return m_run; }
    SourceEditor *editor() const { return m_editor; }
    BytecodeView *bytecodeView() const { return m_bytecodeView; }
    ConsoleView *consoleView() const { return m_console; }
    StepperViews *stepper() const { return m_stepper; }
    DocumentArea *documents() const { return m_documents; }
    WorkspaceLayouts *layouts() const { return m_layouts; }
    HelpMenu *helpMenu() const { return m_help; }
    QAction *runAction() const { return m_runAction; }
    QAction *saveAction() const { return m_saveAction; }
    QAction *saveRecordingAction() const { return m_saveRecordingAction; }
    // The permanent status text: run state, live step count, the step-limit warning.
    QString runStatusText() const;
    QAction *stopAction() const { return m_stopAction; }
    QString scriptPath() const { return m_path; }

    // Loads a script into the editor; on failure shows a message box naming the problem and
    // leaves the current script untouched.
    bool openFile(const QString &path);
    // Never lose work: the autosaved copy of the edited script, and one taken back after a crash
    // (its script opened when it still exists, the copy's text put in, unsaved).
    ScriptAutosave *autosave() const { return m_autosave; }
    void restoreAutosave(const ScriptAutosave::Copy &copy);
    bool save();
    bool saveAs();
    // Runs the editor's script. The worker runs files, so unsaved changes are saved first, but
    // only after asking (unless the user chose "always"); an untitled script asks for a name.
    // What runs is always what the editor shows.
    void run();
    void stop();

    // Opens a .dscap recording: the session fills as the recorded run did, the editor shows the
    // recorded script (when it still exists). A truncated or corrupted file is refused with the
    // reader's message (lastError(), shown in a non-blocking message box); nothing changes then.
    bool openRecording(const QString &path);
    // Saves the session's run (every event) as a .dscap recording.
    bool saveRecording(const QString &path);
    // The last problem shown to the user in a message box (recordings), for tests and scripts.
    QString lastError() const { return m_lastError; }
    BreakpointMargin *breakpointMargin() const { return m_breakpointMargin; }

    // How a panel behaves in a dock shorter than its layout's minimum.
    enum class PanelFit {
        Squeeze,          // the dock never gets shorter than the panel's minimum
        ScrollWhenShort,  // the panel scrolls instead: for rich panels tabbed in the bottom area,
                          // whose minimum would otherwise set the height of every tab there
    };
    // Adds a dock with `widget`; `objectName` must be stable (saveState() keys on it).
    QDockWidget *addPanel(QWidget *widget, const QString &title, const QString &objectName,
                          Qt::DockWidgetArea area, PanelFit fit = PanelFit::Squeeze);
    // Adds a tab to the central document area; `id` must be stable.
    void addDocument(QWidget *widget, const QString &title, const QString &id);
    // Arranges docks and documents for a task ("step", "graphs", "teach").
    bool applyLayout(const QString &id);
    // View ▸ Reset Layout: the current task layout as it was first arranged.
    void resetLayout();
    // Shows the welcome page (examples) in front.
    void showWelcome();
    // The banner over the script: "edited since the recording", "the recorded script moved".
    QLabel *sourceBanner() const { return m_sourceBanner; }

signals:
    void problemShown(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createLayoutActions(QToolBar *toolBar);
    void updateSourceBanner();
    bool confirmSaveBeforeRun();
    void restoreSettings();
    void saveSettings();
    bool maybeSave();
    bool writeFile(const QString &path);
    void updateTitle();
    void updateRunStatus();
    void showOpenDialog();
    void showOpenRecordingDialog();
    void showSaveRecordingDialog();
    void showProblem(const QString &title, const QString &text);

    CaptureSession *m_session;
    RunController *m_run;
    DocumentArea *m_documents;
    SourceEditor *m_editor;
    QLabel *m_sourceBanner;
    WorkspaceLayouts *m_layouts = nullptr;
    HelpMenu *m_help = nullptr;
    bool m_openingRecording = false;  // a recording is being read (off the GUI thread)
    bool m_closeAfterOpening = false; // the window was closed meanwhile
    QString m_bannerNote; // said by openRecording (the script moved), shown with the banner
    BytecodeView *m_bytecodeView;
    ConsoleView *m_console;
    StepperDocks *m_stepperDocks = nullptr;
    StepperViews *m_stepper = nullptr;
    RecentFiles *m_recentFiles = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_mainToolBar = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveRecordingAction = nullptr;
    QLabel *m_runStatus;
    QTimer *m_liveStatus; // refreshes the step count while a run records
    QString m_path;
    BreakpointMargin *m_breakpointMargin = nullptr;
    QString m_lastError;
    ScriptAutosave *m_autosave = nullptr;
};

} // namespace dynascope
