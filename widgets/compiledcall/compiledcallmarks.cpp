// CompiledCallMarks: calls placed at their steps, entries paired with their graphs, mark words.
#include "compiledcallmarks.h"

#include "guards/guardscache.h"
#include "stepper/steptimeline.h"

#include <algorithm>
#include <unordered_map>

namespace dynascope {

CompiledCallMarks::EntryGraphs CompiledCallMarks::entryGraphs(const std::vector<Event> &events) {
    EntryGraphs out;
    std::map<std::pair<std::string, int>, std::string> pending; // (function, region) → graph
    for (const Event &e : events) {
        if (e.type != EventType::Graph && e.type != EventType::Guards)
            continue;
        const Json &b = e.body;
        const auto function = b.find("function");
        if (function == b.end() || !function->is_string())
            continue;
        const std::string name = function->get<std::string>();
        if (e.type == EventType::Graph) {
            const auto id = b.find("id");
            const auto start = b.find("region_start");
            if (id != b.end() && id->is_string())
                pending[{name,
                         start != b.end() && start->is_number_integer() ? start->get<int>() : 0}] =
                    id->get<std::string>();
            continue;
        }
        const auto entry = b.find("entry");
        const auto start = b.find("region_start");
        if (entry == b.end() || !entry->is_number_integer())
            continue;
        const std::pair<std::string, int> region{
            name, start != b.end() && start->is_number_integer() ? start->get<int>() : 0};
        if (auto it = pending.find(region); it != pending.end()) {
            out[{name, entry->get<int>()}] = it->second;
            pending.erase(it);
        }
    }
    return out;
}

std::vector<CompiledCallMark> CompiledCallMarks::build(const StepTimeline &timeline,
                                                       const GuardsCache &cache,
                                                       const EntryGraphs &graphs) {
    std::unordered_map<long long, int> positionOf; // Step::index → timeline position
    positionOf.reserve(size_t(timeline.count()));
    for (int i = 0; i < timeline.count(); ++i)
        positionOf.emplace(timeline.stepNumber(i), i);
    std::vector<CompiledCallMark> marks;
    for (const FunctionCache &f : cache.functions()) {
        for (size_t row = 0; row < f.calls.size(); ++row) {
            const CallRecord &call = f.calls[row];
            const auto at = call.step >= 0 ? positionOf.find(call.step) : positionOf.end();
            if (at == positionOf.end() || call.regions.empty()) // nothing to step into
                continue;
            CompiledCallMark mark;
            mark.position = at->second;
            mark.function = f.function;
            mark.callRow = int(row);
            mark.call = call;
            for (const RegionCall &r : call.regions) {
                const auto g = graphs.find({f.function, r.entry});
                mark.graphs.push_back(r.entry >= 0 && g != graphs.end() ? g->second : "");
            }
            marks.push_back(std::move(mark));
        }
    }
    std::stable_sort(marks.begin(), marks.end(), [](const auto &a, const auto &b) {
        return a.position != b.position ? a.position < b.position : a.call.timeUs < b.call.timeUs;
    });
    return marks;
}

QString CompiledCallMarks::regionText(const RegionCall &region, const std::string &graph) {
    const QString ran =
        graph.empty() ? tr("entry %1").arg(region.entry + 1) : QString::fromStdString(graph);
    QString text;
    switch (region.outcome) {
    case CallOutcome::Hit:
        text = tr("hit entry %1").arg(region.entry + 1);
        break;
    case CallOutcome::Miss:
        text = tr("miss → compiled %1").arg(ran);
        break;
    case CallOutcome::Recompile:
        text = tr("miss → recompiled %1").arg(ran);
        break;
    case CallOutcome::CacheLimit:
        return tr("miss → cache full, ran uncompiled");
    }
    if (region.uncaptured)
        text += tr(" (runs in CPython)");
    return text;
}

QString CompiledCallMarks::text(const CompiledCallMark &mark) {
    QString text = tr("call %1").arg(mark.call.index);
    for (size_t r = 0; r < mark.call.regions.size(); ++r) {
        const RegionCall &region = mark.call.regions[r];
        const QString what = regionText(region, mark.graphs[r]);
        text += r == 0 ? tr(": %1").arg(what)
                       : tr("; resume at %1: %2").arg(region.regionStart).arg(what);
    }
    return text;
}

QString CompiledCallMarks::toolTip(const CompiledCallMark &mark) {
    return tr("%1 · %2").arg(QString::fromStdString(mark.function), text(mark));
}

} // namespace dynascope
