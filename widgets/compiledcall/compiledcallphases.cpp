// The phases of a compiled call, in the order the call ran them.
#include "compiledcallphases.h"

namespace dynascope {

std::vector<CompiledCallPhase> compiledCallPhases(const CompiledCallMark &mark) {
    std::vector<CompiledCallPhase> phases;
    for (size_t r = 0; r < mark.call.regions.size(); ++r) {
        CompiledCallPhase check;
        check.kind = r == 0 ? CompiledCallPhase::GuardCheck : CompiledCallPhase::Resume;
        check.region = int(r);
        phases.push_back(check);
        if (r < mark.graphs.size() && !mark.graphs[r].empty()) {
            CompiledCallPhase graph;
            graph.kind = CompiledCallPhase::Graph;
            graph.region = int(r);
            graph.graph = mark.graphs[r];
            phases.push_back(graph);
        }
    }
    return phases;
}

} // namespace dynascope
