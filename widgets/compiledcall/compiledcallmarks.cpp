// CompiledCallMarks: calls placed at their steps, entries paired with their graphs, mark words.
#include "compiledcallmarks.h"

#include "guards/guardscache.h"
#include "model/capturedigest.h"
#include "stepper/steptimeline.h"

#include <algorithm>
#include <unordered_map>

namespace dynascope {

std::vector<CompiledCallMark> CompiledCallMarks::build(const StepTimeline &timeline,
                                                       const GuardsCache &cache,
                                                       const CaptureDigest &capture) {
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
            for (const RegionCall &r : call.regions)
                mark.graphs.push_back(r.entry >= 0 ? capture.graphOfEntry(f.function, r.entry)
                                                   : std::string());
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
