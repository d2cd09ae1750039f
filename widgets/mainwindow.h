// The main window: editor in the centre, bytecode and console docks, File and Run menus.
#pragma once

#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace dynascope {

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

    // Adds a dock with `widget`; `objectName` must be stable (saveState() keys on it).
    QDockWidget *addPanel(QWidget *widget, const QString &title, const QString &objectName,
                          Qt::DockWidgetArea area);

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
};

} // namespace dynascope
