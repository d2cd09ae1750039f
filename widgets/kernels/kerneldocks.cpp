// KernelDocks: Kernels and Timing docks fed by the session; Run Compiled Kernels.
#include "kernels/kerneldocks.h"

#include "capturesession.h"
#include "kernels/kernelsview.h"
#include "kernels/timingview.h"
#include "mainwindow.h"
#include "model/fusiongroups.h"
#include "model/kernelrecord.h"
#include "runcontroller.h"

#include "workspace/workspacelayouts.h"

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>

#include <utility>

namespace dynascope {

KernelDocks::KernelDocks(MainWindow *window)
    : QObject(window), m_window(window), m_session(window->session()),
      m_kernels(new KernelsView(window)), m_timing(new TimingView(window)),
      m_runCompiled(new QAction(tr("Run &Compiled Kernels"), this)) {
    window->addPanel(m_kernels, tr("Kernels"), QStringLiteral("kernelsDock"),
                     Qt::BottomDockWidgetArea);
    m_timingDock = window->addPanel(m_timing, tr("Timing"), QStringLiteral("timingDock"),
                                    Qt::BottomDockWidgetArea,
                                    MainWindow::PanelFit::ScrollWhenShort);
    // Tabs beside the explain panel (graphs layout) and the console (step layout).
    for (const auto &[layout, beside] : {std::pair{"graphs", "explainDock"},
                                        std::pair{"step", "consoleDock"}}) {
        for (const char *dock : {"kernelsDock", "timingDock"}) {
            PanelPlacement p;
            p.dock = QLatin1String(dock);
            p.relation = PanelPlacement::TabWith;
            p.other = QLatin1String(beside);
            p.area = Qt::BottomDockWidgetArea;
            window->layouts()->place(QLatin1String(layout), p);
        }
    }
    m_runCompiled->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    m_runCompiled->setStatusTip(tr("Run the script with its kernels built first and time every "
                                   "compiled function against eager"));
    window->menuBar()->addMenu(tr("&Kernels"))->addAction(m_runCompiled);
    window->addAction(m_runCompiled);
    connect(m_runCompiled, &QAction::triggered, this, &KernelDocks::runCompiledKernels);
    connect(m_timing, &TimingView::runRequested, this, &KernelDocks::runCompiledKernels);
    connect(m_session, &CaptureSession::runStarted, this, [this] {
        m_kernels->clear();
        m_timing->clear();
    });
    connect(m_session, &CaptureSession::eventAdded, this, &KernelDocks::onEvent);
    // A node clicked in the graph selects its kernel here (while the dock is open); a kernel
    // selected here outlines its nodes in the graph.
    connect(m_session, &CaptureSession::nodeSelected, this, &KernelDocks::showKernelOfNode);
    connect(m_kernels, &KernelsView::kernelSelected, m_session, &CaptureSession::setSelectedKernel);
}

void KernelDocks::showKernelOfNode(const QString &graphId, const QString &nodeName) {
    auto *dock = qobject_cast<QDockWidget *>(m_kernels->parentWidget());
    if (dock && dock->isHidden())
        return;
    const KernelRef ref = kernelOfNode(m_kernels->records(), graphId.toStdString(),
                                       nodeName.toStdString(), m_kernels->shownRecord());
    if (ref.record < 0)
        return;
    if (dock)
        dock->raise();
    m_kernels->showKernel(ref.record, ref.kernel);
}

void KernelDocks::runCompiledKernels() {
    RunController *run = m_window->runController();
    const RunOptions plain = run->runOptions();
    RunOptions timed = plain;
    timed.kernelTiming = true;
    run->setRunOptions(timed);
    m_window->run();
    run->setRunOptions(plain);
}

void KernelDocks::onEvent(const QString &type, int index) {
    const std::string kind = type.toStdString();
    if (kind != EventType::Kernels && kind != EventType::Timing)
        return;
    const EventsOfType events = m_session->eventsOfType(kind);
    if (index < 0 || index >= int(events.size()))
        return;
    if (kind == EventType::Kernels)
        m_kernels->setRecords(kernelRecordsFromEvent(events[size_t(index)]));
    else {
        m_timing->setReport(timingReportFromEvent(events[size_t(index)]));
        m_timingDock->show();
        m_timingDock->raise(); // the figures the user asked for
    }
}

} // namespace dynascope
