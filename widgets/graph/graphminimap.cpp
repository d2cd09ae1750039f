// Minimap painting and navigation.
#include "graph/graphminimap.h"

#include <QMouseEvent>

namespace dynascope {

GraphMinimap::GraphMinimap(QGraphicsView *main) : QGraphicsView(main), m_main(main) {
    setScene(main->scene());
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHint(QPainter::Antialiasing, false);
    setFrameShape(QFrame::Box);
    setCursor(Qt::CrossCursor);
    setToolTip(tr("Overview: click to move the view"));
    setObjectName("graphMinimap");
}

void GraphMinimap::refit() {
    if (scene())
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    viewport()->update();
}

void GraphMinimap::drawForeground(QPainter *painter, const QRectF &) {
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    painter->setPen(QPen(QColor(0x15, 0x65, 0xc0), 0)); // cosmetic: one pixel at any scale
    painter->setBrush(QColor(0x15, 0x65, 0xc0, 40));
    painter->drawRect(visible);
}

void GraphMinimap::mousePressEvent(QMouseEvent *event) {
    m_main->centerOn(mapToScene(event->position().toPoint()));
    viewport()->update();
}

void GraphMinimap::mouseMoveEvent(QMouseEvent *event) {
    if (event->buttons() & Qt::LeftButton)
        mousePressEvent(event);
}

void GraphMinimap::resizeEvent(QResizeEvent *event) {
    QGraphicsView::resizeEvent(event);
    refit();
}

void GraphMinimap::wheelEvent(QWheelEvent *event) {
    event->ignore();
}

} // namespace dynascope
