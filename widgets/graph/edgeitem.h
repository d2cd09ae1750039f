// An edge of the graph view: the Graphviz spline and its arrowhead; dashed into and out of breaks.
#pragma once

#include "layout/graphgeometry.h"

#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>

namespace dynascope {

class EdgeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };

    explicit EdgeItem(const EdgePath &edge);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override { return m_path; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    QString from() const { return m_from; }
    QString to() const { return m_to; }

private:
    QString m_from, m_to;
    bool m_dashed;
    QPainterPath m_path;
    QPolygonF m_arrow;
    QRectF m_bounds;
};

} // namespace dynascope
