// A small overview of the whole graph in a corner of the view, with the visible area outlined.
#pragma once

#include <QGraphicsView>

namespace dynascope {

class GraphMinimap : public QGraphicsView {
    Q_OBJECT
public:
    // Shows `main`'s scene; clicking or dragging here centres `main` there.
    explicit GraphMinimap(QGraphicsView *main);

    // Refits the overview to the scene (after a new layout).
    void refit();

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    QGraphicsView *m_main;
};

} // namespace dynascope
