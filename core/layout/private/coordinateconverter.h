// The one place where Graphviz coordinates (points, y up) become scene coordinates (y down).
#pragma once

#include "layout/graphgeometry.h"

#include <types.h>

namespace dynascope {

class CoordinateConverter {
public:
    // `bb` is the graph's bounding box (GD_bb); the scene's origin is its top-left corner.
    explicit CoordinateConverter(const boxf &bb) : m_left(bb.LL.x), m_top(bb.UR.y) {}

    GeoPoint point(const pointf &p) const { return {p.x - m_left, m_top - p.y}; }
    GeoRect rect(const boxf &b) const {
        return {b.LL.x - m_left, m_top - b.UR.y, b.UR.x - b.LL.x, b.UR.y - b.LL.y};
    }
    // A node: centre in points, width and height in inches (ND_coord, ND_width, ND_height).
    GeoRect nodeRect(const pointf &centre, double widthInches, double heightInches) const {
        const double w = widthInches * 72.0, h = heightInches * 72.0;
        const GeoPoint c = point(centre);
        return {c.x - w / 2, c.y - h / 2, w, h};
    }

private:
    double m_left;
    double m_top;
};

} // namespace dynascope
