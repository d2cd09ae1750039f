// The frame of one captured graph (G1, G2, …) with its label; double-click collapses it.
#pragma once

#include "layout/graphgeometry.h"

#include <QFont>
#include <QGraphicsItem>

namespace dynascope {

class ClusterItem : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };

    explicit ClusterItem(const ClusterBox &cluster);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_rect.adjusted(-1, -1, 1, 1); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    QString graphId() const { return m_graphId; }
    bool isCollapsed() const { return m_collapsed; }

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;

private:
    QString m_graphId;
    QString m_label;
    bool m_collapsed;
    QRectF m_rect;
    QFont m_font;
};

} // namespace dynascope
