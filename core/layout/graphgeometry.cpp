// Small geometric helpers of the layout result.
#include "layout/graphgeometry.h"

#include <algorithm>
#include <cmath>

namespace dynascope {

bool GeoRect::contains(const GeoRect &r, double tolerance) const {
    return r.x >= x - tolerance && r.y >= y - tolerance && r.right() <= right() + tolerance &&
           r.bottom() <= bottom() + tolerance;
}

bool GeoRect::intersects(const GeoRect &r) const {
    return r.x < right() && x < r.right() && r.y < bottom() && y < r.bottom();
}

double GeoRect::distanceTo(const GeoPoint &p) const {
    const double dx = std::max({x - p.x, 0.0, p.x - right()});
    const double dy = std::max({y - p.y, 0.0, p.y - bottom()});
    return std::hypot(dx, dy);
}

const NodeBox *GraphGeometry::findBox(const std::string &id) const {
    for (const auto *list : {&nodes, &breaks})
        for (const NodeBox &box : *list)
            if (box.id == id)
                return &box;
    return nullptr;
}

} // namespace dynascope
