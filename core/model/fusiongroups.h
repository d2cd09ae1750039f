// Which kernel each captured-graph node went into: the data behind the Graphs view's fusion
// overlay, read from the kernel records' captured-node fields.
#pragma once

#include "model/kernelrecord.h"

#include <map>
#include <string>
#include <vector>

namespace dynascope {

// What became of one captured node in one record.
struct NodeFusion {
    std::vector<int> kernels;           // indices into the record's kernels, in kernel order
    std::vector<std::string> externs;   // ops of extern calls it became (aten.mm.default …)
    std::vector<std::string> fallbacks; // ops of fallbacks it became
};

// One record's kernels drawn on its captured graph.
struct GraphFusion {
    std::string graphId;                     // "G1"
    int record = -1;                         // index into the records
    std::map<std::string, NodeFusion> nodes; // by captured node name
};

// The record the overlay draws per captured graph: the graph's inference record, else its
// training plan's forward half (the backward half's nodes are the forward's gradients); of
// several signatures, the first. Records without a captured graph id are left out.
std::vector<GraphFusion> fusionByGraph(const std::vector<KernelGraphRecord> &records);

// One record's kernels, externs and fallbacks by captured node.
GraphFusion fusionOf(const std::vector<KernelGraphRecord> &records, int record);

// The kernel a click on a captured node selects: {record, kernel}, or {-1, -1} when no kernel
// holds the node. Looks in `preferred` first (the record the Kernels view shows) when it is of
// the node's graph, then in the overlay's record of that graph, then in any record of it.
struct KernelRef {
    int record = -1, kernel = -1;
};
KernelRef kernelOfNode(const std::vector<KernelGraphRecord> &records, const std::string &graphId,
                       const std::string &node, int preferred = -1);

} // namespace dynascope
