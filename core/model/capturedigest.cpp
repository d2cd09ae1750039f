// CaptureDigest: graph, graph_break, trace_step, guards and call events decoded once, in stream
// order.
#include "model/capturedigest.h"

namespace dynascope {

void CaptureDigest::clear() {
    *this = CaptureDigest();
}

bool CaptureDigest::add(const Event &event, std::string *error) {
    const Json &j = event.body;
    const bool graph = event.type == EventType::Graph;
    const bool brk = event.type == EventType::GraphBreak;
    const bool guards = event.type == EventType::Guards;
    const bool call = event.type == EventType::Call;
    if (!graph && !brk && !guards && !call && event.type != EventType::TraceStep)
        return false;
    if (!j.is_object()) {
        ++m_skipped;
        if (error)
            *error = "the event is not a JSON object";
        return false;
    }
    // Events may come from a hand-edited .dscap: one with a field of the wrong type ("line":
    // "seven") is left out rather than ending the program (docs/bad-input.md).
    try {
        if (graph) {
            m_graphs.push_back(j.get<CapturedGraph>());
            m_lastGraph = m_graphs.back().id;
            m_lastGraphFunction = m_graphs.back().function;
            m_lastGraphRegion = m_graphs.back().regionStartOffset;
            m_pendingGraph[{m_lastGraphFunction, m_lastGraphRegion}] = m_lastGraph;
        } else if (guards) {
            DigestedEntry entry{j.get<CacheEntryGuards>(), {}};
            const auto region =
                std::make_pair(entry.guards.function, entry.guards.regionStart);
            if (auto it = m_pendingGraph.find(region); it != m_pendingGraph.end()) {
                entry.graphId = it->second;
                m_graphOfEntry[{entry.guards.function, entry.guards.number}] = it->second;
                m_pendingGraph.erase(it);
            }
            m_entries.push_back(std::move(entry));
        } else if (call) {
            m_calls.push_back(j.get<CallRecord>());
        } else if (brk) {
            m_breaks.push_back(j.get<GraphBreakInfo>());
        } else {
            TracedStep s{j.get<TraceStep>(), {}};
            // Steps of an inlined callee carry the callee's name; the region is the outer
            // frame's, so only region_start ties them to the graph, with depth 0 steps naming
            // the function.
            if (s.step.regionStart == m_lastGraphRegion &&
                (s.step.depth > 0 || s.step.function == m_lastGraphFunction))
                s.graphId = m_lastGraph;
            m_steps.push_back(std::move(s));
        }
    } catch (const Json::exception &e) {
        ++m_skipped;
        if (error)
            *error = e.what();
        return false;
    }
    return true;
}

std::string CaptureDigest::graphOfEntry(const std::string &function, int entry) const {
    const auto it = m_graphOfEntry.find({function, entry});
    return it == m_graphOfEntry.end() ? std::string() : it->second;
}

size_t CaptureDigest::addFrom(const std::vector<Event> &events, size_t from) {
    for (size_t i = from; i < events.size(); ++i)
        add(events[i]);
    return events.size();
}

} // namespace dynascope
