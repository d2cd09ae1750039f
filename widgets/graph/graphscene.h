// The scene of the graph view: items built from layout geometry; trace-step and line filters.
#pragma once

#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <QGraphicsScene>
#include <QHash>
#include <QList>

namespace dynascope {

class ClusterItem;
class EdgeItem;
class NodeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject *parent = nullptr);

    // Replaces every item; `input` supplies the metadata shown in tooltips.
    void setGeometry(const GraphGeometry &geometry, const GraphLayoutInput &input);
    void clearGraph();

    NodeItem *nodeItem(const QString &graphId, const QString &nodeName) const;
    NodeItem *breakItem(int index) const;
    ClusterItem *clusterItem(const QString &graphId) const;
    // Graph nodes in layout order (no break markers).
    const QList<NodeItem *> &nodeItems() const { return m_nodes; }
    const QList<NodeItem *> &breakItems() const { return m_breaks; }
    // Nodes whose name or target contains `text` (case-insensitive), in layout order.
    QList<NodeItem *> findNodes(const QString &text) const;

    // Draws nodes added after trace step `step` (and their edges) faint and highlights those added
    // at it; an output without a step shows with its graph's last node, other nodes without one
    // always show. INT_MAX shows everything. Trace steps count per traced region: with a
    // `graphId`, the limit applies to that graph only, earlier graphs show whole and later ones
    // are hidden.
    void setTraceStepLimit(int step, const QString &graphId = QString());
    int traceStepLimit() const { return m_traceStepLimit; }
    // Highlights the nodes that come from file:line (file "" = any); returns how many. Line 0
    // clears the highlight.
    int highlightLine(const QString &file, int line);
    // Nodes drawn in full (not faint: added at or before the trace step).
    int visibleNodeCount() const;
    // The nodes the current trace step added (to scroll to them).
    QList<NodeItem *> currentTraceNodes() const;

signals:
    // A cluster frame was double-clicked.
    void clusterToggleRequested(const QString &graphId);

private:
    void applyFilters();

    QList<NodeItem *> m_nodes;
    QList<NodeItem *> m_breaks;
    QList<EdgeItem *> m_edges;
    QHash<QString, NodeItem *> m_byId;
    QHash<QString, ClusterItem *> m_clusters;
    int m_traceStepLimit = INT_MAX;
    QString m_traceGraph;
    QStringList m_graphOrder;       // graph ids in execution order
    QHash<QString, int> m_lastStep; // per graph: the highest trace step of its nodes
    QString m_lineFile;
    int m_line = 0;
};

} // namespace dynascope
