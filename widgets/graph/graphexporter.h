// Writes the graph view's scene as SVG or PNG, and the capture as DOT.
#pragma once

#include "layout/graphlayoutinput.h"

#include <QString>

class QGraphicsScene;

namespace dynascope {

class GraphExporter {
public:
    // Each returns false and sets *error when nothing usable was written.
    static bool writeSvg(QGraphicsScene *scene, const QString &path, QString *error = nullptr);
    // Rendered at `scale` pixels per point, reduced to keep each side under 16,000 pixels.
    static bool writePng(QGraphicsScene *scene, const QString &path, qreal scale = 2.0,
                         QString *error = nullptr);
    static bool writeDot(const GraphLayoutInput &input, const QString &path,
                         QString *error = nullptr);
};

} // namespace dynascope
