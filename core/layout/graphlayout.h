// The layout stage: captured graphs and their breaks in, plain geometry (or DOT / SVG text) out.
#pragma once

#include "layout/graphgeometry.h"
#include "layout/graphlayoutinput.h"

#include <string>

namespace dynascope {

// Lays the capture out with Graphviz dot: one cluster per graph, a break marker between
// consecutive graphs. Thread-safe (Graphviz calls are serialised) and deterministic: the same
// input gives the same geometry. On failure the geometry is empty and `error` says why.
GraphGeometry layoutGraphs(const GraphLayoutInput &input, const GraphLayoutOptions &options = {});

// The DOT text that layoutGraphs feeds Graphviz (re-readable by any Graphviz tool).
std::string graphDot(const GraphLayoutInput &input);

// Graphviz's own SVG drawing of the capture; empty with `error` set when Graphviz fails.
std::string graphSvg(const GraphLayoutInput &input, std::string *error = nullptr);

} // namespace dynascope
