// KernelDocks: the Kernels and Timing docks of MainWindow and its "Run Compiled Kernels" action.
#pragma once

#include <QObject>

class QAction;
class QDockWidget;

namespace dynascope {

class CaptureSession;
class KernelsView;
class MainWindow;
class TimingView;

// Creates both docks, fills them from the session's "kernels" and "timing" events (cleared when
// a run starts) and runs the script with kernel timing on when asked (Run ▸ Run Compiled
// Kernels, Ctrl+F5, or the Timing view's button).
class KernelDocks : public QObject {
    Q_OBJECT
public:
    explicit KernelDocks(MainWindow *window);

    KernelsView *kernelsView() const { return m_kernels; }
    TimingView *timingView() const { return m_timing; }
    QAction *runCompiledAction() const { return m_runCompiled; }

    // One run with the worker's kernel timing on; later runs are plain again.
    void runCompiledKernels();

private:
    void onEvent(const QString &type, int index);
    void showKernelOfNode(const QString &graphId, const QString &nodeName);

    MainWindow *m_window;
    CaptureSession *m_session;
    KernelsView *m_kernels;
    TimingView *m_timing;
    QDockWidget *m_timingDock = nullptr;
    QAction *m_runCompiled;
};

} // namespace dynascope
