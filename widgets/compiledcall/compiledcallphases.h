// CompiledCallPhases: what stepping into a compiled call walks through — per region of the call,
// its guard check (the first region's) or its resume code (a region after a graph break), then
// the graph its cache entry ran, if it made one.
#pragma once

#include "compiledcallmarks.h"

#include <string>
#include <vector>

namespace dynascope {

struct CompiledCallPhase {
    enum Kind {
        GuardCheck, // the call's first region: the entries tried and their verdicts
        Graph,      // the graph the region's entry ran
        Resume,     // a region after a break: Dynamo's __resume_at_<offset> function, checked too
    };
    Kind kind = GuardCheck;
    int region = 0;    // index into the call's regions
    std::string graph; // Graph: its id
};

std::vector<CompiledCallPhase> compiledCallPhases(const CompiledCallMark &mark);

} // namespace dynascope
