// Builds node, edge and cluster items and applies the trace-step and source-line filters.
#include "graph/graphscene.h"

#include "graph/clusteritem.h"
#include "graph/edgeitem.h"
#include "graph/graphgroups.h"
#include "graph/nodeitem.h"
#include "graph/tooltiptext.h"

#include <climits>

namespace dynascope {

GraphScene::GraphScene(QObject *parent) : QGraphicsScene(parent) {
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setBackgroundBrush(Qt::white);
}

void GraphScene::clearGraph() {
    clear();
    m_nodes.clear();
    m_breaks.clear();
    m_edges.clear();
    m_byId.clear();
    m_clusters.clear();
}

void GraphScene::setGeometry(const GraphGeometry &geometry, const GraphLayoutInput &input) {
    clearGraph();
    // Clusters come in input order; their ids are the layout's unique keys for the graphs.
    QHash<QString, const CapturedGraph *> graphs;
    for (std::size_t i = 0; i < geometry.clusters.size() && i < input.graphs.size(); ++i)
        graphs.insert(QString::fromStdString(geometry.clusters[i].graphId), &input.graphs[i]);

    m_graphOrder.clear();
    m_lastStep.clear();
    // A recompile (the same region captured again: a new cache entry) says so in its frame.
    QHash<QString, int> entries;
    for (const GraphGroup &g : groupGraphs(input.graphs))
        entries.insert(g.graphId, g.entry);
    for (ClusterBox c : geometry.clusters) {
        m_graphOrder << QString::fromStdString(c.graphId);
        if (const int entry = entries.value(QString::fromStdString(c.graphId), 1); entry > 1) {
            const auto cut = c.label.rfind("  (");
            c.label = c.label.substr(0, cut) + "  " + tr("(recompile %1)").arg(entry).toStdString();
        }
        auto *item = new ClusterItem(c);
        addItem(item);
        m_clusters.insert(item->graphId(), item);
    }
    for (const NodeBox &box : geometry.nodes) {
        const CapturedGraph *graph = graphs.value(QString::fromStdString(box.graphId));
        const GraphNode *node = nullptr;
        QString tip;
        if (graph && box.nodeIndex >= 0 && box.nodeIndex < int(graph->nodes.size())) {
            node = &graph->nodes[box.nodeIndex];
            tip = nodeToolTip(*graph, *node);
        } else if (graph) {
            tip = tr("<b>%1</b> collapsed: %2 nodes<br>double-click the frame to expand")
                      .arg(QString::fromStdString(graph->id))
                      .arg(graph->nodes.size());
        }
        auto *item = new NodeItem(box, node, tip);
        addItem(item);
        m_nodes.append(item);
        m_lastStep[item->graphId()] =
            std::max(m_lastStep.value(item->graphId(), -1), item->traceStep());
        m_byId.insert(item->id(), item);
    }
    for (const NodeBox &box : geometry.breaks) {
        const bool known = box.breakIndex >= 0 && box.breakIndex < int(input.breaks.size());
        auto *item = new NodeItem(
            box, nullptr, known ? breakToolTip(input.breaks[box.breakIndex], box.breakIndex) : "");
        addItem(item);
        m_breaks.append(item);
        m_byId.insert(item->id(), item);
    }
    for (const EdgePath &e : geometry.edges) {
        auto *item = new EdgeItem(e);
        addItem(item);
        m_edges.append(item);
    }
    const GeoRect &b = geometry.bounds;
    setSceneRect(QRectF(b.x, b.y, b.width, b.height).adjusted(-12, -12, 12, 12));
    applyFilters();
}

NodeItem *GraphScene::nodeItem(const QString &graphId, const QString &nodeName) const {
    return m_byId.value(graphId + '/' + nodeName);
}

NodeItem *GraphScene::breakItem(int index) const {
    return m_byId.value(QStringLiteral("break/%1").arg(index));
}

ClusterItem *GraphScene::clusterItem(const QString &graphId) const {
    return m_clusters.value(graphId);
}

QList<NodeItem *> GraphScene::findNodes(const QString &text) const {
    QList<NodeItem *> found;
    if (text.isEmpty())
        return found;
    for (NodeItem *n : m_nodes)
        if (n->isVisible() && (n->nodeName().contains(text, Qt::CaseInsensitive) ||
                               n->target().contains(text, Qt::CaseInsensitive)))
            found.append(n);
    return found;
}

void GraphScene::setTraceStepLimit(int step, const QString &graphId) {
    m_traceStepLimit = step;
    m_traceGraph = graphId;
    applyFilters();
}

int GraphScene::highlightLine(const QString &file, int line) {
    m_lineFile = file;
    m_line = line;
    applyFilters();
    int count = 0;
    for (NodeItem *n : m_nodes)
        count += line > 0 && n->comesFrom(file, line);
    return count;
}

int GraphScene::visibleNodeCount() const {
    int count = 0;
    for (NodeItem *n : m_nodes)
        count += n->isShown();
    return count;
}

void GraphScene::applyFilters() {
    // Nodes not added yet at the trace step stay in place, drawn faint: the tracer shows the
    // whole graph it is building towards, and nothing jumps when a node arrives.
    const bool stepping = m_traceStepLimit != INT_MAX;
    const int tracedIndex = m_graphOrder.indexOf(m_traceGraph);
    for (NodeItem *n : m_nodes) {
        int step = n->traceStep();
        if (step < 0 && n->kind() == QLatin1String("output"))
            step = m_lastStep.value(n->graphId(), -1);
        bool shown = step <= m_traceStepLimit;
        bool inTrace = true;
        if (!m_traceGraph.isEmpty()) {
            const int index = m_graphOrder.indexOf(n->graphId());
            inTrace = index == tracedIndex;
            shown = index < tracedIndex || (inTrace && shown);
        }
        n->setFaint(!shown);
        const bool current = stepping && inTrace && n->traceStep() >= 0 && step == m_traceStepLimit;
        n->setHighlighted(current || (m_line > 0 && n->comesFrom(m_lineFile, m_line)));
    }
    // A break marker shows once the node leading into it (its graph's output) shows.
    for (NodeItem *b : m_breaks) {
        bool shown = true;
        for (EdgeItem *e : m_edges)
            if (e->to() == b->id())
                if (NodeItem *from = m_byId.value(e->from()))
                    shown = shown && from->isShown();
        b->setFaint(!shown);
    }
    for (EdgeItem *e : m_edges) {
        NodeItem *from = m_byId.value(e->from());
        NodeItem *to = m_byId.value(e->to());
        e->setOpacity(from && to && from->isShown() && to->isShown() ? 1.0 : 0.22);
    }
}

QList<NodeItem *> GraphScene::currentTraceNodes() const {
    QList<NodeItem *> nodes;
    for (NodeItem *n : m_nodes)
        if (n->isShown() && n->traceStep() >= 0 && n->traceStep() == m_traceStepLimit &&
            (m_traceGraph.isEmpty() || n->graphId() == m_traceGraph))
            nodes.append(n);
    return nodes;
}

} // namespace dynascope
