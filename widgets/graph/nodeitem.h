// A box of the graph view: a graph node, a break marker or a collapsed graph.
#pragma once

#include "layout/graphgeometry.h"
#include "model/graph.h"

#include <QFont>
#include <QGraphicsItem>
#include <QStringList>

namespace dynascope {

// How the fusion overlay draws a node: the colour of its kernel (invalid: in no kernel), a badge
// for an extern call or a fallback, and a line for the tooltip.
struct FusionMark {
    QColor group;
    bool external = false; // became an extern call (matmul, convolution … through torch)
    bool fallback = false; // became a fallback (an op without a lowering, run through torch)
    QString toolTip;       // "<b>kernel0</b> (fused: mul, add, relu)"
};

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
    // The fusion overlay's mark (an empty mark clears it) and the selected kernel's outline.
    void setFusionMark(const FusionMark &mark);
    const FusionMark &fusionMark() const { return m_fusion; }
    void setKernelSelected(bool on);
    bool isKernelSelected() const { return m_kernelSelected; }
    // The smallest text size of the box, in scene units (times the view's zoom: on screen).
    int textPixelSize() const { return m_font.pixelSize(); }

private:
    void fitFont();
    void paintBadge(QPainter *painter, const QString &letter, const QColor &colour);

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
    QString m_baseToolTip;
    FusionMark m_fusion;
    bool m_kernelSelected = false;
};

} // namespace dynascope
