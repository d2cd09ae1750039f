// DOT text of a capture; the styling here is what the Graphviz SVG export shows.
#include "layout/dotgraph.h"

#include "layout/labeltext.h"

#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace dynascope {

namespace {
const char *fillFor(const std::string &kind) {
    static const std::map<std::string, const char *> fills{
        {"placeholder", "#cdebc5"}, {"call_function", "#d6e6fb"}, {"call_method", "#e5dcf7"},
        {"call_module", "#cdeeee"}, {"get_attr", "#f8efc6"},      {"output", "#f6d5c2"},
        {"collapsed", "#e3e6ea"},   {"break", "#ffcc80"}};
    auto it = fills.find(kind);
    return it == fills.end() ? "#eeeeee" : it->second;
}

// The identifiers in a repr such as "(relu, sum)" or "{'a': x}", skipping quoted strings.
std::vector<std::string> namesIn(const std::string &repr) {
    std::vector<std::string> names;
    std::string current;
    char quote = 0;
    for (char c : repr + " ") {
        if (quote) {
            quote = c == quote ? 0 : quote;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            current.clear();
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            current += c;
        } else {
            if (!current.empty())
                names.push_back(current);
            current.clear();
        }
    }
    return names;
}

std::string joinLines(const std::vector<std::string> &lines) {
    std::string out;
    for (const std::string &l : lines)
        out += (out.empty() ? "" : "\n") + l;
    return out;
}
} // namespace

std::string dotQuote(const std::string &text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n') {
            out += "\\n"; // a centred line break in a Graphviz label
            continue;
        }
        out += c;
    }
    return out + "\"";
}

DotGraph::DotGraph(const GraphLayoutInput &input, bool quick) : m_quick(quick) {
    // The stream is untrusted: an empty or repeated graph id would merge two clusters' nodes.
    std::set<std::string> used;
    for (std::size_t i = 0; i < input.graphs.size(); ++i) {
        CapturedGraph graph = input.graphs[i];
        if (graph.id.empty() || !used.insert(graph.id).second) {
            graph.id = "graph#" + std::to_string(i + 1);
            used.insert(graph.id);
        }
        addGraph(graph, input.collapsedGraphs.count(graph.id) > 0);
    }
    addBreakEdges(input);
    writeText();
}

void DotGraph::addGraph(const CapturedGraph &graph, bool collapsed) {
    const std::size_t cluster = m_clusters.size();
    ClusterBox box;
    box.graphId = graph.id;
    box.label = graph.id + (graph.function.empty() ? "" : "  " + graph.function) + "  (" +
                std::to_string(graph.nodes.size()) + " nodes)";
    box.collapsed = collapsed;
    m_clusters.push_back(box);
    m_clusterNodes.emplace_back();

    if (collapsed || graph.nodes.empty()) {
        NodeBox summary;
        summary.id = graph.id + "/#collapsed";
        summary.kind = "collapsed";
        summary.graphId = graph.id;
        summary.labelLines = {graph.id, graph.nodes.empty()
                                            ? std::string("empty graph")
                                            : std::to_string(graph.nodes.size()) + " nodes"};
        m_clusterNodes[cluster].push_back(m_nodes.size());
        m_nodes.push_back(summary);
        m_entries.push_back(summary.id);
        m_exits.push_back(summary.id);
        return;
    }

    std::map<std::string, std::string> idOf; // node name -> box id
    std::string entry;
    std::string exit;
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        const GraphNode &node = graph.nodes[i];
        if (idOf.count(node.name))
            continue; // a repeated name would alias a DOT node
        NodeBox nb;
        nb.id = graph.id + "/" + node.name;
        nb.kind = node.op;
        nb.graphId = graph.id;
        nb.nodeName = node.name;
        nb.nodeIndex = static_cast<int>(i);
        nb.labelLines = nodeLabelLines(node);
        idOf[node.name] = nb.id;
        if (entry.empty() && node.op == "placeholder")
            entry = nb.id;
        if (node.op == "output")
            exit = nb.id;
        std::set<std::string> seen;
        for (const std::string &arg : node.args) {
            // An arg is a node name, a constant's repr, or a container's repr naming nodes
            // ("(relu, sum)" for an output returning two values).
            std::vector<std::string> names{arg};
            if (!idOf.count(arg))
                names = namesIn(arg);
            for (const std::string &name : names) {
                auto src = idOf.find(name);
                if (src != idOf.end() && seen.insert(name).second)
                    m_edges.push_back({src->second, nb.id});
            }
        }
        m_clusterNodes[cluster].push_back(m_nodes.size());
        m_nodes.push_back(std::move(nb));
    }
    const std::size_t first = m_clusterNodes[cluster].front();
    m_entries.push_back(entry.empty() ? m_nodes[first].id : entry);
    m_exits.push_back(exit.empty() ? m_nodes.back().id : exit);
}

void DotGraph::addBreakEdges(const GraphLayoutInput &input) {
    std::map<std::string, std::size_t> graphIndex;
    for (std::size_t i = 0; i < input.graphs.size(); ++i)
        if (!input.graphs[i].id.empty())
            graphIndex.emplace(input.graphs[i].id, i); // the first graph of a repeated id
    auto indexOf = [&](const std::string &id) -> long {
        auto it = graphIndex.find(id);
        return it == graphIndex.end() ? -1 : static_cast<long>(it->second);
    };

    std::set<std::pair<long, long>> linked;
    for (std::size_t b = 0; b < input.breaks.size(); ++b) {
        const GraphBreakInfo &info = input.breaks[b];
        const long after = indexOf(info.afterGraph);
        long before = indexOf(info.beforeGraph);
        // The engine names the graph a break ends; the graph that resumes after it is compiled
        // later, so it may not be named: that is the next graph in execution order.
        if (before < 0 && info.beforeGraph.empty() && after >= 0 &&
            after + 1 < static_cast<long>(input.graphs.size()))
            before = after + 1;
        NodeBox marker;
        marker.id = "break/" + std::to_string(b);
        marker.kind = "break";
        marker.breakIndex = static_cast<int>(b);
        marker.labelLines = breakLabelLines(info);
        if (after >= 0)
            m_edges.push_back({m_exits[after], marker.id, true});
        if (before >= 0)
            m_edges.push_back({marker.id, m_entries[before], true});
        linked.insert({after, before});
        m_breaks.push_back(std::move(marker));
    }
    for (std::size_t i = 1; i < m_clusters.size(); ++i) {
        const long a = static_cast<long>(i) - 1, b = static_cast<long>(i);
        if (!linked.count({a, b}))
            m_edges.push_back({m_exits[a], m_entries[b], false, true});
    }
}

std::string DotGraph::dotId(const std::string &boxId) const {
    auto it = m_dotIds.find(boxId);
    return it == m_dotIds.end() ? std::string() : it->second;
}

void DotGraph::writeText() {
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        m_dotIds[m_nodes[i].id] = "n" + std::to_string(i);
    for (std::size_t i = 0; i < m_breaks.size(); ++i)
        m_dotIds[m_breaks[i].id] = "b" + std::to_string(i);
    std::ostringstream out;
    out << "digraph dynascope {\n"
           "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=11, nodesep=0.25, "
           "ranksep=0.35, bgcolor=\"white\"];\n"
           "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, "
           "color=\"#5f6b7a\", margin=\"0.12,0.05\"];\n"
           "  edge [color=\"#5f6b7a\", arrowsize=0.7];\n";
    if (m_quick) // x positioning (network simplex) dominates on thousands of nodes
        out << "  graph [nslimit=1, nslimit1=1, mclimit=0.3];\n";
    for (std::size_t c = 0; c < m_clusters.size(); ++c) {
        out << "  subgraph " << dotQuote(clusterName(c)) << " {\n"
            << "    label=" << dotQuote(m_clusters[c].label)
            << "; labeljust=l; fontsize=12; style=\"rounded,filled\"; fillcolor=\"#f4f6f8\"; "
               "color=\"#9aa5b1\";\n";
        for (std::size_t n : m_clusterNodes[c]) {
            const NodeBox &box = m_nodes[n];
            out << "    " << dotId(box.id) << " [label=" << dotQuote(joinLines(box.labelLines))
                << ", fillcolor=\"" << fillFor(box.kind) << "\"];\n";
        }
        out << "  }\n";
    }
    for (const NodeBox &box : m_breaks)
        out << "  " << dotId(box.id) << " [label=" << dotQuote(joinLines(box.labelLines))
            << ", shape=box, style=\"filled,bold\", color=\"#d84315\", fillcolor=\""
            << fillFor("break") << "\"];\n";
    for (const DotEdge &e : m_edges) {
        out << "  " << dotId(e.from) << " -> " << dotId(e.to);
        if (e.invisible)
            out << " [style=invis]";
        else if (e.dashed)
            out << " [style=dashed, color=\"#d84315\"]";
        out << ";\n";
    }
    out << "}\n";
    m_text = out.str();
}

} // namespace dynascope
