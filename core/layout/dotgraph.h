// The DOT description of a capture: its text plus the boxes and edges it names, for reading back.
#pragma once

#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <map>
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
// it lists carry everything but their rectangle, which the layout fills in. A graph whose id is
// empty or repeats an earlier one is called "graph#N" (N: its 1-based position) instead.
class DotGraph {
public:
    // `quick` caps dot's crossing minimisation and positioning passes (for very big graphs).
    explicit DotGraph(const GraphLayoutInput &input, bool quick = false);

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
    // The DOT name of a box: "n12", "b0". Names in the capture are untrusted text, and the DOT
    // scanner keeps "\\" in an ID as two characters, so they only ever appear in labels.
    std::string dotId(const std::string &boxId) const;

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
    std::map<std::string, std::string> m_dotIds; // box id -> DOT name
    std::string m_text;
    bool m_quick;
};

// A DOT double-quoted string for any text.
std::string dotQuote(const std::string &text);

} // namespace dynascope
