// The DOT description of a capture: its text plus the boxes and edges it names, for reading back.
#pragma once

#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <string>
#include <vector>

namespace dynascope {

struct DotEdge {
    std::string from;
    std::string to;
    bool dashed = false;
    bool invisible = false; // keeps graphs in execution order where no break links them
};

// Builds the DOT text for a capture: one cluster per graph, break markers between them. The boxes
// it lists carry everything but their rectangle, which the layout fills in.
class DotGraph {
public:
    explicit DotGraph(const GraphLayoutInput &input);

    const std::string &text() const { return m_text; }
    const std::vector<NodeBox> &nodes() const { return m_nodes; }
    const std::vector<NodeBox> &breaks() const { return m_breaks; }
    const std::vector<DotEdge> &edges() const { return m_edges; }
    const std::vector<ClusterBox> &clusters() const { return m_clusters; }
    // The DOT subgraph name of cluster i.
    static std::string clusterName(std::size_t i) { return "cluster_" + std::to_string(i); }
    // The first box of graph i (its first placeholder) and its last (its output).
    const std::string &entryOf(std::size_t graph) const { return m_entries[graph]; }
    const std::string &exitOf(std::size_t graph) const { return m_exits[graph]; }

private:
    void addGraph(const CapturedGraph &graph, bool collapsed);
    void addBreakEdges(const GraphLayoutInput &input);
    void writeText();

    std::vector<NodeBox> m_nodes;
    std::vector<NodeBox> m_breaks;
    std::vector<DotEdge> m_edges;
    std::vector<ClusterBox> m_clusters;
    std::vector<std::vector<std::size_t>> m_clusterNodes; // indices into m_nodes per cluster
    std::vector<std::string> m_entries;
    std::vector<std::string> m_exits;
    std::string m_text;
};

// A DOT double-quoted string for any text.
std::string dotQuote(const std::string &text);

} // namespace dynascope
