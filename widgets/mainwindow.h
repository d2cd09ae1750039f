// The main window: editor in the centre, bytecode and console docks, File and Run menus.
#pragma once

#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace dynascope {

class BreakpointMargin;
class BytecodeView;
class CaptureSession;
class ConsoleView;
class RecentFiles;
class RunController;
class SourceEditor;
class StepperViews;

// Owns the session and its producer; views observe the session. Panels of later stages (stepper,
// graph, guards) plug in with addPanel(), which also lists them in the View menu and lets
// saveState() remember where they were.
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
    QAction *runAction() const { return m_runAction; }
    QAction *stopAction() const { return m_stopAction; }
    QString scriptPath() const { return m_path; }

    // Loads a script into the editor; on failure shows a message box naming the problem and
    // leaves the current script untouched.
    bool openFile(const QString &path);
    bool save();
    bool saveAs();
    // Runs the editor's script. The text is saved first when modified (the worker runs files),
    // so what runs is always what the editor shows; an untitled script asks for a name.
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

    // Adds a dock with `widget`; `objectName` must be stable (saveState() keys on it).
    QDockWidget *addPanel(QWidget *widget, const QString &title, const QString &objectName,
                          Qt::DockWidgetArea area);

signals:
    void problemShown(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createStepper();
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
    SourceEditor *m_editor;
    BytecodeView *m_bytecodeView;
    ConsoleView *m_console;
    StepperViews *m_stepper = nullptr;
    RecentFiles *m_recentFiles = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QLabel *m_runStatus;
    QString m_path;
    BreakpointMargin *m_breakpointMargin = nullptr;
    QString m_lastError;
};

} // namespace dynascope
