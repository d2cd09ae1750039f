// Edge painting from the layout's cubic Bézier points.
#include "graph/edgeitem.h"

#include "graph/nodepalette.h"

#include <QPainter>
#include <QtMath>

namespace dynascope {

EdgeItem::EdgeItem(const EdgePath &edge)
    : m_from(QString::fromStdString(edge.from)), m_to(QString::fromStdString(edge.to)),
      m_dashed(edge.dashed) {
    const auto &p = edge.bezier;
    if (!p.empty()) {
        m_path.moveTo(p[0].x, p[0].y);
        for (std::size_t i = 1; i + 2 < p.size(); i += 3)
            m_path.cubicTo(p[i].x, p[i].y, p[i + 1].x, p[i + 1].y, p[i + 2].x, p[i + 2].y);
    }
    if (edge.hasArrow && !p.empty()) {
        const QPointF tip(edge.arrowTip.x, edge.arrowTip.y);
        const QPointF base(p.back().x, p.back().y);
        QPointF dir = tip - base;
        const qreal len = std::max<qreal>(std::hypot(dir.x(), dir.y()), 0.001);
        dir /= len;
        const QPointF normal(-dir.y(), dir.x());
        const qreal half = 3.2;
        m_arrow << tip << base + normal * half << base - normal * half;
        m_path.lineTo(base); // the path already ends there; keeps shape() continuous
    }
    m_bounds = (m_path.boundingRect() | m_arrow.boundingRect()).adjusted(-4, -4, 4, 4);
    setZValue(1);
}

void EdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    const QColor colour = m_dashed ? NodePalette::breakEdge() : NodePalette::edge();
    QPen pen(colour, m_dashed ? 1.6 : 1.0);
    if (m_dashed)
        pen.setDashPattern({3, 2.5}); // in pen widths: visible even on short edges
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    if (!m_arrow.isEmpty()) {
        painter->setPen(QPen(colour, 1.0));
        painter->setBrush(colour);
        painter->drawPolygon(m_arrow);
    }
}

} // namespace dynascope
