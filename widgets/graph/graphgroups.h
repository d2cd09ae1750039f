// Which compile (cache entry) of which function each captured graph belongs to.
#pragma once

#include "model/graph.h"

#include <QString>

#include <vector>

namespace dynascope {

// One graph's place in the run: the n-th time the compiler captured this region of this
// function. Entry 1 is the first compile; entry 2 and later are recompiles (new cache entries).
struct GraphGroup {
    QString graphId;
    QString function;
    int entry = 1;         // cache entry of this region of the function, from 1
    bool resumed = false;  // the region starts after a graph break, not at the function's start
    QString title() const; // "scale_then_shift · compile 1" / "f · recompile 2"
};

// In execution order, one per graph. A region is (function, region start offset): the same
// region captured again is a recompile.
std::vector<GraphGroup> groupGraphs(const std::vector<CapturedGraph> &graphs);

} // namespace dynascope
