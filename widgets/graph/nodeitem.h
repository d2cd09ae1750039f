// A box of the graph view: a graph node, a break marker or a collapsed graph.
#pragma once

#include "layout/graphgeometry.h"
#include "model/graph.h"

#include <QFont>
#include <QGraphicsItem>
#include <QStringList>

namespace dynascope {

class NodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    // Text size in scene units: the view's readable zoom keeps it at least this big on screen.
    static constexpr int kTextPixels = 10;
    static constexpr int kMinTextPixels = 9;

    // `node` is null for break markers and collapsed graphs.
    NodeItem(const NodeBox &box, const GraphNode *node, const QString &toolTip);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    QString id() const { return m_id; }
    QString kind() const { return m_kind; }
    QString graphId() const { return m_graphId; }
    QString nodeName() const { return m_nodeName; }
    QString target() const { return m_target; }
    int breakIndex() const { return m_breakIndex; }
    int traceStep() const { return m_traceStep; }
    bool isBreak() const { return m_kind == QLatin1String("break"); }
    // True when the node was added at `file`:`line` or inlined through it (file "" = any file).
    bool comesFrom(const QString &file, int line) const;

    // A highlighted box (source line match, current trace step) gets a thick amber outline.
    void setHighlighted(bool on);
    bool isHighlighted() const { return m_highlighted; }
    // Nodes still to come in the tracer draw faint (a preview of the whole graph).
    void setFaint(bool on);
    bool isFaint() const { return m_faint; }
    bool isShown() const { return isVisible() && !m_faint; }
    // The smallest text size of the box, in scene units (times the view's zoom: on screen).
    int textPixelSize() const { return m_font.pixelSize(); }

private:
    void fitFont();

    QString m_id, m_kind, m_graphId, m_nodeName, m_target;
    int m_breakIndex = -1;
    int m_traceStep = -1;
    std::vector<SourceSite> m_sites; // the node's own site, then its inline stack
    QStringList m_lines;
    QRectF m_rect;
    QFont m_font;
    QFont m_boldFont;
    bool m_highlighted = false;
    bool m_faint = false;
};

} // namespace dynascope
