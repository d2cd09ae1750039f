// Graphviz dot layout of a capture, read back into plain geometry; stacking for big captures.
#include "layout/graphlayout.h"

#include "layout/dotgraph.h"
#include "private/coordinateconverter.h"
#include "private/graphvizsession.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace dynascope {

namespace {
constexpr double kClusterGap = 36; // vertical space around a break marker when stacking
constexpr double kArrowLength = 7; // dot's arrowhead at arrowsize 0.7, in points

template <typename T>
T *byName(Agraph_t *g, const std::string &name, T *(*lookup)(Agraph_t *, char *, int)) {
    return lookup(g, const_cast<char *>(name.c_str()), 0);
}

// Reads the positions of every box, cluster and edge of `dot` from a laid-out Graphviz graph.
void readGeometry(const DotGraph &dot, Agraph_t *g, GraphGeometry &out) {
    const CoordinateConverter convert(GD_bb(g));
    out.bounds = convert.rect(GD_bb(g));
    auto place = [&](NodeBox box) {
        if (Agnode_t *n = byName<Agnode_t>(g, dot.dotId(box.id), agnode))
            box.rect = convert.nodeRect(ND_coord(n), ND_width(n), ND_height(n));
        return box;
    };
    for (const NodeBox &box : dot.nodes())
        out.nodes.push_back(place(box));
    for (const NodeBox &box : dot.breaks())
        out.breaks.push_back(place(box));
    for (std::size_t i = 0; i < dot.clusters().size(); ++i) {
        ClusterBox cluster = dot.clusters()[i];
        if (Agraph_t *sub = byName<Agraph_t>(g, DotGraph::clusterName(i), agsubg))
            cluster.rect = convert.rect(GD_bb(sub));
        out.clusters.push_back(cluster);
    }
    for (const DotEdge &edge : dot.edges()) {
        if (edge.invisible)
            continue;
        Agnode_t *tail = byName<Agnode_t>(g, dot.dotId(edge.from), agnode);
        Agnode_t *head = byName<Agnode_t>(g, dot.dotId(edge.to), agnode);
        Agedge_t *e = tail && head ? agedge(g, tail, head, nullptr, 0) : nullptr;
        EdgePath path{edge.from, edge.to};
        path.dashed = edge.dashed;
        if (e && ED_spl(e)) {
            const splines *spl = ED_spl(e);
            for (int b = 0; b < spl->size; ++b) {
                const bezier &bz = spl->list[b];
                for (int p = (path.bezier.empty() ? 0 : 1); p < bz.size; ++p)
                    path.bezier.push_back(convert.point(bz.list[p]));
                if (bz.eflag) {
                    path.hasArrow = true;
                    path.arrowTip = convert.point(bz.ep);
                }
            }
        }
        out.edges.push_back(std::move(path));
    }
}

GraphGeometry layoutDot(const DotGraph &dot) {
    GraphGeometry geometry;
    std::lock_guard<std::mutex> lock(graphvizMutex());
    NumericLocaleGuard locale;
    GraphvizSession session(dot.text());
    if (!session.isLaidOut()) {
        geometry.error = session.error();
        return geometry;
    }
    readGeometry(dot, session.graph(), geometry);
    return geometry;
}

void translate(GeoRect &r, double dx, double dy) {
    r.x += dx;
    r.y += dy;
}

// A straight edge drawn as one cubic segment, ending in an arrowhead at the target's top.
EdgePath straightEdge(const NodeBox &from, const NodeBox &to) {
    EdgePath path{from.id, to.id};
    path.dashed = true;
    const GeoPoint start{from.rect.center().x, from.rect.bottom()};
    const GeoPoint tip{to.rect.center().x, to.rect.y};
    const double dx = tip.x - start.x, dy = tip.y - start.y;
    const double length = std::max(std::hypot(dx, dy), 1.0);
    const GeoPoint end{tip.x - dx / length * kArrowLength, tip.y - dy / length * kArrowLength};
    path.bezier = {start,
                   {start.x + (end.x - start.x) / 3, start.y + (end.y - start.y) / 3},
                   {start.x + 2 * (end.x - start.x) / 3, start.y + 2 * (end.y - start.y) / 3},
                   end};
    path.hasArrow = true;
    path.arrowTip = tip;
    return path;
}

// A break marker's size without Graphviz: Helvetica 10 averages about 5.6 points per character.
GeoRect markerSize(const NodeBox &marker) {
    std::size_t longest = 0;
    for (const std::string &l : marker.labelLines)
        longest = std::max(longest, l.size());
    return {0, 0, longest * 5.6 + 20, marker.labelLines.size() * 13.0 + 10};
}

// Too big for one dot run: lay every graph out alone and stack them in execution order, break
// markers in the gaps, break edges drawn straight.
GraphGeometry layoutPerCluster(const GraphLayoutInput &input, const DotGraph &whole,
                               std::size_t limit) {
    GraphGeometry out;
    out.laidOutPerCluster = true;
    std::vector<GraphGeometry> parts;
    double width = 0;
    for (std::size_t i = 0; i < input.graphs.size(); ++i) {
        GraphLayoutInput one;
        one.graphs = {input.graphs[i]};
        one.graphs[0].id = whole.clusters()[i].graphId; // the unique key the whole layout uses
        one.collapsedGraphs = input.collapsedGraphs;
        parts.push_back(layoutDot(DotGraph(one, input.graphs[i].nodes.size() > limit)));
        if (!parts.back().error.empty()) {
            out.error = parts.back().error;
            return out;
        }
        width = std::max(width, parts.back().bounds.width);
    }
    // Which gap each break goes into: after the graph it ends (-1: above the first graph).
    std::map<std::string, long> clusterOfGraph;
    for (std::size_t i = 0; i < whole.clusters().size(); ++i)
        clusterOfGraph.emplace(whole.clusters()[i].graphId, static_cast<long>(i));
    std::map<std::string, long> clusterOfBox;
    for (const NodeBox &n : whole.nodes())
        clusterOfBox[n.id] = clusterOfGraph[n.graphId];
    std::map<long, std::vector<NodeBox>> gaps;
    for (const NodeBox &marker : whole.breaks()) {
        long slot = -1;
        for (const DotEdge &e : whole.edges()) {
            if (e.to == marker.id)
                slot = clusterOfBox[e.from];
            else if (e.from == marker.id && slot < 0)
                slot = clusterOfBox[e.to] - 1;
        }
        gaps[slot].push_back(marker);
    }
    double y = 0;
    auto placeGap = [&](long slot) {
        auto it = gaps.find(slot);
        if (it == gaps.end())
            return;
        double rowWidth = 0, rowHeight = 0;
        for (NodeBox &m : it->second) {
            m.rect = markerSize(m);
            rowWidth += m.rect.width + (rowWidth > 0 ? 18 : 0);
            rowHeight = std::max(rowHeight, m.rect.height);
        }
        width = std::max(width, rowWidth);
        double x = (width - rowWidth) / 2;
        y += kClusterGap;
        for (NodeBox &m : it->second) {
            translate(m.rect, x, y + (rowHeight - m.rect.height) / 2);
            x += m.rect.width + 18;
            out.breaks.push_back(m);
        }
        y += rowHeight + kClusterGap;
    };
    placeGap(-1);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0 && !gaps.count(static_cast<long>(i) - 1))
            y += kClusterGap;
        const double dx = (width - parts[i].bounds.width) / 2;
        for (NodeBox n : parts[i].nodes) {
            translate(n.rect, dx, y);
            out.nodes.push_back(std::move(n));
        }
        for (ClusterBox c : parts[i].clusters) {
            translate(c.rect, dx, y);
            out.clusters.push_back(std::move(c));
        }
        for (EdgePath e : parts[i].edges) {
            for (GeoPoint &p : e.bezier)
                p = {p.x + dx, p.y + y};
            e.arrowTip = {e.arrowTip.x + dx, e.arrowTip.y + y};
            out.edges.push_back(std::move(e));
        }
        y += parts[i].bounds.height;
        placeGap(static_cast<long>(i));
    }
    std::sort(out.breaks.begin(), out.breaks.end(),
              [](const NodeBox &a, const NodeBox &b) { return a.breakIndex < b.breakIndex; });
    for (const DotEdge &e : whole.edges())
        if (e.dashed)
            if (const NodeBox *from = out.findBox(e.from))
                if (const NodeBox *to = out.findBox(e.to))
                    out.edges.push_back(straightEdge(*from, *to));
    out.bounds = {0, 0, width, y};
    return out;
}
} // namespace

GraphGeometry layoutGraphs(const GraphLayoutInput &input, const GraphLayoutOptions &options) {
    const DotGraph dot(input);
    const std::size_t boxes = dot.nodes().size() + dot.breaks().size();
    const std::size_t limit = static_cast<std::size_t>(std::max(options.perClusterThreshold, 1));
    if (boxes <= limit)
        return layoutDot(dot);
    const std::string why = std::to_string(boxes) + " boxes is more than one layout handles " +
                            "quickly (" + std::to_string(limit) + "): ";
    if (input.graphs.size() > 1) {
        GraphGeometry geometry = layoutPerCluster(input, dot, limit);
        geometry.message = why + "each graph was laid out on its own and the graphs stacked.";
        return geometry;
    }
    GraphGeometry geometry = layoutDot(DotGraph(input, true));
    geometry.message = why + "dot's ordering and positioning passes were cut short.";
    return geometry;
}

std::string graphDot(const GraphLayoutInput &input) {
    return DotGraph(input).text();
}

std::string graphSvg(const GraphLayoutInput &input, std::string *error) {
    const DotGraph dot(input);
    std::lock_guard<std::mutex> lock(graphvizMutex());
    NumericLocaleGuard locale;
    GraphvizSession session(dot.text());
    if (!session.isLaidOut()) {
        if (error)
            *error = session.error();
        return {};
    }
    char *data = nullptr;
    unsigned int length = 0;
    if (gvRenderData(session.context(), session.graph(), "svg", &data, &length) != 0 || !data) {
        if (error)
            *error = "Graphviz could not render SVG";
        return {};
    }
    std::string svg(data, length);
    gvFreeRenderData(data);
    return svg;
}

} // namespace dynascope
