// Rich-text tooltips of graph nodes and break markers: full metadata and provenance.
#pragma once

#include "model/graph.h"

#include <QString>

namespace dynascope {

QString nodeToolTip(const CapturedGraph &graph, const GraphNode &node);
QString breakToolTip(const GraphBreakInfo &info, int index);
// "model.py:12 (offset 24, in forward)"
QString siteText(const SourceSite &site);

} // namespace dynascope
