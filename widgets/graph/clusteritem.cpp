// Cluster frame painting; a double-click asks the scene to collapse or expand the graph.
#include "graph/clusteritem.h"

#include "graph/graphscene.h"
#include "graph/nodepalette.h"

#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>

namespace dynascope {

ClusterItem::ClusterItem(const ClusterBox &cluster)
    : m_graphId(QString::fromStdString(cluster.graphId)),
      m_label(QString::fromStdString(cluster.label)), m_collapsed(cluster.collapsed),
      m_rect(0, 0, cluster.rect.width, cluster.rect.height) {
    setPos(cluster.rect.x, cluster.rect.y);
    setZValue(0);
    m_font.setFamilies({"Helvetica", "Arial", "Liberation Sans", "DejaVu Sans"});
    m_font.setPixelSize(11);
    m_font.setBold(true);
    // Graphviz made room for its own estimate of the label; shrink ours if the font is wider.
    const qreal room = m_rect.width() - 16;
    const qreal wanted = QFontMetricsF(m_font).horizontalAdvance(QStringLiteral("▾ ") + m_label);
    if (wanted > room && room > 0)
        m_font.setPixelSize(std::max(7, int(11 * room / wanted)));
    setToolTip(QObject::tr("%1 — double-click to %2")
                   .arg(m_label, m_collapsed ? QObject::tr("expand") : QObject::tr("collapse")));
}

void ClusterItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    painter->setPen(QPen(NodePalette::clusterBorder(), 1.0));
    painter->setBrush(NodePalette::clusterFill());
    painter->drawRoundedRect(m_rect, 6, 6);
    painter->setFont(m_font);
    painter->setPen(NodePalette::clusterText());
    const QString marker = m_collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ ");
    painter->drawText(m_rect.adjusted(8, 3, -8, 0), Qt::AlignLeft | Qt::AlignTop, marker + m_label);
}

void ClusterItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) {
    if (auto *graphScene = qobject_cast<GraphScene *>(scene()))
        emit graphScene->clusterToggleRequested(m_graphId);
    event->accept();
}

} // namespace dynascope
