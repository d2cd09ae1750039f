// What the layout stage takes: the graphs of a capture, the breaks between them, display options.
#pragma once

#include "model/graph.h"

#include <set>
#include <string>
#include <vector>

namespace dynascope {

struct GraphLayoutInput {
    std::vector<CapturedGraph> graphs;     // execution order
    std::vector<GraphBreakInfo> breaks;    // execution order
    std::set<std::string> collapsedGraphs; // graph ids drawn as one box
};

struct GraphLayoutOptions {
    // Above this many boxes dot gets slow (super-linear): each graph is laid out on its own and
    // the graphs are stacked.
    int perClusterThreshold = 1500;
};

} // namespace dynascope
