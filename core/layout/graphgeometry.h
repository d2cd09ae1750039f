// Plain geometry of a laid-out capture: node boxes, edge splines, cluster boxes, break markers.
#pragma once

#include <string>
#include <vector>

namespace dynascope {

// Scene coordinates: points (1/72 in), x to the right, y growing down (Qt's orientation).
struct GeoPoint {
    double x = 0;
    double y = 0;
};

struct GeoRect {
    double x = 0;
    double y = 0;
    double width = 0;
    double height = 0;

    double right() const { return x + width; }
    double bottom() const { return y + height; }
    GeoPoint center() const { return {x + width / 2, y + height / 2}; }
    bool contains(const GeoRect &r, double tolerance = 0) const;
    bool intersects(const GeoRect &r) const;
    // Distance from p to the rectangle (0 when inside).
    double distanceTo(const GeoPoint &p) const;
};

// A node of a captured graph, a break marker between two graphs, or a collapsed graph.
struct NodeBox {
    std::string id;       // unique in the geometry: "G1/add", "break/0", "G2/#collapsed"
    std::string kind;     // the node's op (placeholder, call_function, …), "break" or "collapsed"
    std::string graphId;  // owning graph ("" for a break marker)
    std::string nodeName; // GraphNode::name ("" for a break marker)
    int nodeIndex = -1;   // index into CapturedGraph::nodes
    int breakIndex = -1;  // index into the input's breaks, for kind "break"
    std::vector<std::string> labelLines;
    GeoRect rect;
};

struct EdgePath {
    std::string from; // NodeBox ids
    std::string to;
    std::vector<GeoPoint> bezier; // cubic Bézier: p0, c1, c2, p1, c1, c2, p2, … (3n + 1 points)
    bool hasArrow = false;
    GeoPoint arrowTip;   // where the arrowhead touches the target, when hasArrow
    bool dashed = false; // an edge into or out of a break marker
};

struct ClusterBox {
    std::string graphId;
    std::string label;
    GeoRect rect;
    bool collapsed = false;
};

struct GraphGeometry {
    std::vector<NodeBox> nodes;  // graph nodes (and collapsed-graph boxes)
    std::vector<NodeBox> breaks; // break markers, kind "break", in the input's break order
    std::vector<EdgePath> edges;
    std::vector<ClusterBox> clusters; // one per graph, execution order
    GeoRect bounds;
    bool laidOutPerCluster = false; // too big for one layout: each graph laid out on its own
    std::string message;            // why, in words, when the layout was split or cut short
    std::string error;              // non-empty when Graphviz failed

    // The node or break marker with that id, or nullptr.
    const NodeBox *findBox(const std::string &id) const;
};

} // namespace dynascope
