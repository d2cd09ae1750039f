// CaptureDigest: the capture stage's events of a run decoded once, in stream order, into typed
// values — the graphs, the breaks between them, the tracer's steps tied to their graphs, each
// cache entry's guards tied to the graph it runs, and every compiled call.
#pragma once

#include "model/callrecord.h"
#include "model/event.h"
#include "model/graph.h"
#include "model/tracestep.h"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace dynascope {

// A trace step and the graph its region produced (empty when the region made none).
struct TracedStep {
    TraceStep step;
    std::string graphId;
};

// A cache entry's guards and the graph the entry runs (empty when its region made none).
struct DigestedEntry {
    CacheEntryGuards guards;
    std::string graphId;
};

// Feed it every event of a run in the order the worker sent them; it keeps what the graph views
// show, as typed vectors that grow as events arrive (CaptureSession::capture() holds the run's),
// so a burst of events costs what the burst holds, not the whole run again. The stream is
// untrusted: an event with a field of the wrong type is skipped and counted, never fatal.
class CaptureDigest {
public:
    void clear();
    // Decodes one event; events of other types are ignored. True when the event was kept; a
    // malformed one sets `error` (when given) to what was wrong with it.
    bool add(const Event &event, std::string *error = nullptr);
    // Decodes events[from…] and returns the new cursor (events.size()).
    size_t addFrom(const std::vector<Event> &events, size_t from);

    const std::vector<CapturedGraph> &graphs() const { return m_graphs; }
    const std::vector<GraphBreakInfo> &breaks() const { return m_breaks; }
    const std::vector<TracedStep> &traceSteps() const { return m_steps; }
    // Every `guards` event (one per cache entry, of any function), in stream order.
    const std::vector<DigestedEntry> &cacheEntries() const { return m_entries; }
    // Every `call` event in stream order, as sent (failure reasons not resolved: that needs the
    // function's entries, see resolveReasons in failuretext.h).
    const std::vector<CallRecord> &calls() const { return m_calls; }
    // The graph that cache entry `entry` of `function` runs; empty when unknown or none.
    std::string graphOfEntry(const std::string &function, int entry) const;
    int skipped() const { return m_skipped; }

private:
    std::vector<CapturedGraph> m_graphs;
    std::vector<GraphBreakInfo> m_breaks;
    std::vector<TracedStep> m_steps;
    std::vector<DigestedEntry> m_entries;
    std::vector<CallRecord> m_calls;
    std::map<std::pair<std::string, int>, std::string> m_graphOfEntry;
    // A graph waiting for its entry's `guards` event, by (function, region start): the engine
    // sends a new entry's graph just before its guards.
    std::map<std::pair<std::string, int>, std::string> m_pendingGraph;
    int m_skipped = 0;
    // The graph event just before a region's steps: the engine sends a region's graph first.
    std::string m_lastGraph, m_lastGraphFunction;
    int m_lastGraphRegion = -1;
};

} // namespace dynascope
