// groupGraphs: counts how often each (function, region start) was captured.
#include "graph/graphgroups.h"

#include <QCoreApplication>

#include <map>

namespace dynascope {

QString GraphGroup::title() const {
    return entry == 1
               ? QCoreApplication::translate("GraphGroup", "%1 · compile 1").arg(function)
               : QCoreApplication::translate("GraphGroup", "%1 · recompile %2 (cache entry %2)")
                     .arg(function)
                     .arg(entry);
}

std::vector<GraphGroup> groupGraphs(const std::vector<CapturedGraph> &graphs) {
    std::vector<GraphGroup> groups;
    std::map<std::pair<std::string, int>, int> seen;
    for (const CapturedGraph &g : graphs) {
        GraphGroup group;
        group.graphId = QString::fromStdString(g.id);
        group.function = QString::fromStdString(g.function);
        group.entry = ++seen[{g.function, g.regionStartOffset}];
        group.resumed = g.regionStartOffset > 0;
        groups.push_back(group);
    }
    return groups;
}

} // namespace dynascope
