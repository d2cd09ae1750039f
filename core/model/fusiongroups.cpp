// The fusion overlay's data: captured node -> kernels, extern calls and fallbacks per record.
#include "model/fusiongroups.h"

#include <algorithm>

namespace dynascope {

GraphFusion fusionOf(const std::vector<KernelGraphRecord> &records, int record) {
    GraphFusion out;
    if (record < 0 || record >= int(records.size()))
        return out;
    const KernelGraphRecord &r = records[size_t(record)];
    out.graphId = r.capturedGraph;
    out.record = record;
    for (int k = 0; k < int(r.kernels.size()); ++k)
        for (const std::string &node : r.kernels[size_t(k)].captured)
            out.nodes[node].kernels.push_back(k);
    for (const KernelStep &e : r.externs)
        for (const std::string &node : e.captured)
            out.nodes[node].externs.push_back(e.op);
    for (const KernelStep &f : r.fallbacks)
        for (const std::string &node : f.captured)
            out.nodes[node].fallbacks.push_back(f.op);
    return out;
}

namespace {

int overlayRecord(const std::vector<KernelGraphRecord> &records, const std::string &graphId) {
    int forward = -1;
    for (int i = 0; i < int(records.size()); ++i) {
        const KernelGraphRecord &r = records[size_t(i)];
        if (r.capturedGraph != graphId)
            continue;
        if (r.part.empty())
            return i;
        if (r.part == "forward" && forward < 0)
            forward = i;
    }
    return forward;
}

int kernelHolding(const KernelGraphRecord &r, const std::string &node) {
    for (int k = 0; k < int(r.kernels.size()); ++k) {
        const auto &captured = r.kernels[size_t(k)].captured;
        if (std::find(captured.begin(), captured.end(), node) != captured.end())
            return k;
    }
    return -1;
}

} // namespace

std::vector<GraphFusion> fusionByGraph(const std::vector<KernelGraphRecord> &records) {
    std::vector<GraphFusion> out;
    for (const KernelGraphRecord &r : records) {
        if (r.capturedGraph.empty())
            continue;
        const bool seen = std::any_of(out.begin(), out.end(), [&](const GraphFusion &f) {
            return f.graphId == r.capturedGraph;
        });
        if (!seen)
            out.push_back(fusionOf(records, overlayRecord(records, r.capturedGraph)));
    }
    out.erase(
        std::remove_if(out.begin(), out.end(), [](const GraphFusion &f) { return f.record < 0; }),
        out.end());
    return out;
}

KernelRef kernelOfNode(const std::vector<KernelGraphRecord> &records, const std::string &graphId,
                       const std::string &node, int preferred) {
    std::vector<int> order;
    if (preferred >= 0 && preferred < int(records.size()))
        order.push_back(preferred);
    order.push_back(overlayRecord(records, graphId));
    for (int i = 0; i < int(records.size()); ++i)
        order.push_back(i);
    for (int i : order) {
        if (i < 0 || records[size_t(i)].capturedGraph != graphId)
            continue;
        const int k = kernelHolding(records[size_t(i)], node);
        if (k >= 0)
            return {i, k};
    }
    return {};
}

} // namespace dynascope
