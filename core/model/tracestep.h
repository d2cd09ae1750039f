// One instruction the symbolic tracer ran (a `trace_step` event), as plain data.
#pragma once

#include "model/event.h"

#include <string>
#include <vector>

namespace dynascope {

// `index` counts per traced region, as GraphNode::traceStep does, so (graph id, index) names a
// point of a graph. The tracer writes these (trace/tracer.cpp) and every reader decodes them
// with from_json below: one definition of the event's fields.
struct TraceStep {
    int index = 0;
    std::string function;  // qualified name of the frame being traced (an inlined callee's own)
    std::string file;
    int regionStart = 0;   // root-frame offset of the region this trace started at
    int offset = -1;
    std::string opname;
    std::string arg;       // the numeric argument as text; empty when the instruction has none
    int line = 0;
    int depth = 0;         // inlining depth, 0 = the compiled frame itself
    std::vector<std::string> stack;  // the tracer's values (VariableTracker-style), bottom first
    std::vector<std::string> nodes;  // graph nodes this step added
    std::vector<std::string> guards; // guards this step added
};

void to_json(Json &j, const TraceStep &s);
// Tolerant of missing fields; throws Json::exception on a field of the wrong type.
void from_json(const Json &j, TraceStep &s);

} // namespace dynascope
