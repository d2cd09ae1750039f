// GraphDocks: docks, menu and the session wiring of the graph view, explain panel and tracer.
#include "graphdocks.h"

#include "capturesession.h"
#include "graph/explainpanel.h"
#include "graph/graphdocument.h"
#include "graph/graphview.h"
#include "mainwindow.h"
#include "model/kernelrecord.h"
#include "tracer/tracerpanel.h"
#include "workspace/documentarea.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QTimer>

#include <climits>

namespace dynascope {

namespace {
bool sameFile(const QString &a, const QString &b) {
    return !a.isEmpty() && !b.isEmpty() &&
           QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}
} // namespace

GraphDocks::GraphDocks(MainWindow *window)
    : QObject(window), m_session(window->session()), m_graphView(new GraphView),
      m_explain(new ExplainPanel), m_tracer(new TracerPanel), m_debounce(new QTimer(this)) {
    // The graphs are a document (they want all the room a user can give them); the explain
    // report and the tracer are docks that the task layouts place.
    m_document = new GraphDocument(m_graphView);
    window->addDocument(m_document, tr("Graphs"), QStringLiteral("graphs"));
    QDockWidget *explain = window->addPanel(m_explain, tr("Explain"), QStringLiteral("explainDock"),
                                            Qt::BottomDockWidgetArea);
    window->addPanel(m_tracer, tr("Tracer"), QStringLiteral("tracerDock"),
                     Qt::BottomDockWidgetArea);
    m_documents = window->documents();
    m_explainDock = explain;

    QMenu *menu = window->menuBar()->addMenu(tr("&Graph"));
    menu->addActions(m_graphView->viewActions());
    menu->addSeparator();
    menu->addActions(m_tracer->stepActions());

    // Graph events come in bursts; one relayout per burst.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(100);
    connect(m_debounce, &QTimer::timeout, this, &GraphDocks::refresh);
    connect(m_session, &CaptureSession::eventAdded, this, [this](const QString &type) {
        if (type == QLatin1String(EventType::Graph) ||
            type == QLatin1String(EventType::GraphBreak) ||
            type == QLatin1String(EventType::TraceStep))
            m_debounce->start();
    });
    // The fusion overlay: each "kernels" event holds every record of the run so far.
    connect(m_session, &CaptureSession::eventAdded, this, [this](const QString &type, int index) {
        const EventsOfType events = m_session->eventsOfType(EventType::Kernels);
        if (type == QLatin1String(EventType::Kernels) && index >= 0 && index < int(events.size()))
            m_graphView->setKernelRecords(kernelRecordsFromEvent(events[size_t(index)]));
    });
    connect(m_session, &CaptureSession::runStarted, this,
            [this] { m_graphView->setKernelRecords({}); });
    connect(m_session, &CaptureSession::kernelSelected, m_graphView, &GraphView::selectKernel);
    connect(m_session, &CaptureSession::runStarted, this, &GraphDocks::refresh);
    connect(m_session, &CaptureSession::runStateChanged, this, [this] {
        if (m_session->runState() != RunState::Running)
            refresh();
    });

    connect(m_explain, &ExplainPanel::sourceLocationActivated, this,
            [this](const QString &file, int line) {
                if (file.isEmpty() || sameFile(file, m_session->scriptPath()))
                    m_session->setSelectedLine(line);
            });
    connect(m_explain, &ExplainPanel::breakActivated, m_graphView, &GraphView::focusBreak);
    connect(m_explain, &ExplainPanel::graphActivated, m_document, &GraphDocument::showGraph);
    connect(m_graphView, &GraphView::nodeClicked, this, &GraphDocks::onNodeClicked);
    connect(m_graphView, &GraphView::breakClicked, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(m_breaks.size()))
            return;
        // The innermost frame of the break that lies in the script.
        const auto &stack = m_breaks[index].userStack;
        for (auto it = stack.crbegin(); it != stack.crend(); ++it)
            if (selectSite(*it))
                return;
    });
    connect(m_session, &CaptureSession::selectionChanged, this, [this] {
        m_graphView->highlightLine(m_session->scriptPath(), m_session->selectedLine());
    });
    connect(m_tracer, &TracerPanel::currentStepChanged, this, &GraphDocks::onTraceStep);
    connect(m_session, &CaptureSession::graphSelected, this, &GraphDocks::showSelectedGraph);
}

void GraphDocks::showSelectedGraph(const QString &graphId) {
    if (graphId.isEmpty())
        return;
    refresh(); // the graph may have come in the last 100 ms
    // The tracer at the graph's last trace step: the graph whole, and how it was traced.
    const auto &steps = m_tracer->model()->steps();
    for (int row = int(steps.size()) - 1; row >= 0; --row) {
        if (steps[size_t(row)].graphId == graphId) {
            m_tracer->setCurrentRow(row);
            break;
        }
    }
    m_document->showGraph(graphId);
}

void GraphDocks::refresh() {
    m_debounce->stop();
    // Decoded once, as the events came (CaptureSession::capture()).
    const CaptureDigest &capture = m_session->capture();
    const std::vector<CapturedGraph> &graphs = capture.graphs();
    const std::vector<GraphBreakInfo> &breaks = capture.breaks();
    const bool changed = graphs.size() != m_graphs.size() || breaks.size() != m_breaks.size();
    // The first graphs of a run come to the front where the layout shows them beside the script
    // (Graph breaks), or when the script made graphs at all in a layout that tabs them.
    if (m_graphs.empty() && !graphs.empty()) {
        if (m_documents->groupOf(QStringLiteral("graphs")) == DocumentArea::Secondary)
            m_documents->showDocument(QStringLiteral("graphs"));
        if (!m_explainDock->isHidden())
            m_explainDock->raise();
    }
    if (changed || m_graphs.empty()) {
        m_graphs = graphs;
        m_breaks = breaks;
        if (m_graphs.empty() && m_breaks.empty())
            m_graphView->clearGraphs();
        else
            m_graphView->setGraphs(m_graphs, m_breaks);
        m_explain->setGraphs(m_graphs, m_breaks);
        m_document->setGraphs(m_graphs, int(m_breaks.size()));
    }
    m_tracer->syncSteps(capture.traceSteps());
}

bool GraphDocks::selectSite(const SourceSite &site) {
    const QString file = QString::fromStdString(site.file);
    if (!sameFile(file, m_session->scriptPath()) || site.line <= 0)
        return false;
    const QString function = QString::fromStdString(site.function);
    QString codeId = QString::fromStdString(site.codeId);
    if (codeId.isEmpty() && site.offset >= 0) {
        for (const CodeInfo &code : m_session->codeInfos()) {
            if (!sameFile(QString::fromStdString(code.filename), file) ||
                (!function.isEmpty() && QString::fromStdString(code.qualname) != function))
                continue;
            if (m_session->instruction({QString::fromStdString(code.id), site.offset})) {
                codeId = QString::fromStdString(code.id);
                break;
            }
        }
    }
    const InstructionRef ref{codeId, site.offset};
    if (ref.isValid() && m_session->instruction(ref))
        m_session->setSelectedInstruction(ref);
    if (m_session->selectedLine() != site.line)
        m_session->setSelectedLine(site.line);
    return true;
}

void GraphDocks::onNodeClicked(const QString &graphId, const QString &nodeName) {
    m_session->setSelectedNode(graphId, nodeName);
    for (const CapturedGraph &g : m_graphs) {
        if (QString::fromStdString(g.id) != graphId)
            continue;
        for (const GraphNode &n : g.nodes) {
            if (QString::fromStdString(n.name) != nodeName)
                continue;
            // An inlined node: its own site may be in a library; fall back outwards.
            if (selectSite(n.site))
                return;
            for (auto it = n.inlineStack.crbegin(); it != n.inlineStack.crend(); ++it)
                if (selectSite(*it))
                    return;
            return;
        }
    }
}

void GraphDocks::onTraceStep(int row) {
    const TraceStepRow *s = m_tracer->model()->step(row);
    if (!s) {
        m_graphView->showAllTraceSteps();
        return;
    }
    if (!s->graphId.isEmpty()) {
        m_graphView->showUpToTraceStep(s->index, s->graphId);
    } else {
        // A region that made no graph: the graphs traced before it show whole, later ones not.
        const auto &steps = m_tracer->model()->steps();
        QString before, after;
        for (int r = row - 1; r >= 0 && before.isEmpty(); --r)
            before = steps[r].graphId;
        for (int r = row + 1; r < static_cast<int>(steps.size()) && after.isEmpty(); ++r)
            after = steps[r].graphId;
        if (!before.isEmpty())
            m_graphView->showUpToTraceStep(INT_MAX, before);
        else if (!after.isEmpty())
            m_graphView->showUpToTraceStep(-1, after);
        else
            m_graphView->showAllTraceSteps();
    }
    SourceSite site;
    site.file = s->file.toStdString();
    site.line = s->line;
    site.offset = s->offset;
    site.function = s->function.toStdString();
    selectSite(site);
}

} // namespace dynascope
