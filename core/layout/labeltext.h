// The words drawn in node boxes and break markers, shared by the DOT text and the geometry.
#pragma once

#include "model/graph.h"

#include <string>
#include <vector>

namespace dynascope {

// name; op and target; shape and dtype (omitted when unknown).
std::vector<std::string> nodeLabelLines(const GraphNode &node);
// "graph break: type"; the reason wrapped to a readable width; where it happened.
std::vector<std::string> breakLabelLines(const GraphBreakInfo &info);
// The op's short word for a label ("call_function" -> "call").
std::string shortOpName(const std::string &op);
// Splits text at spaces into lines of at most `width` characters (longer words stay whole).
std::vector<std::string> wrapText(const std::string &text, std::size_t width);

} // namespace dynascope
