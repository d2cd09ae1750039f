// A call's guard failures in TorchDynamo's words, resolved from the entry's guards: a call event
// carries each failure compact (guard index, check, actual value); its kind, source, expected
// value and message come from the guard, sent once in the `guards` event.
#pragma once

#include "model/callrecord.h"
#include "model/graph.h"

#include <functional>
#include <vector>

namespace dynascope {

// The guards of one of a function's cache entries, by entry number; null when unknown.
using EntryGuardsLookup = std::function<const std::vector<GuardInfo> *(int entry)>;

// The failure in full: kind and source from the guard, expected from its table (or the compact
// failure's own), the message worded as Guard words it. `guards` may be null (unknown entry).
GuardFailure resolveFailure(const CompactFailure &failure, const std::vector<GuardInfo> *guards);
// The compact form of `full`: expected and message kept only where resolveFailure would not give
// them back exactly, so that resolveFailure(compactFailure(full, g), g) == full whenever `full`
// names the kind and source of guard `full.guardIndex` (as every runtime failure does).
CompactFailure compactFailure(const GuardFailure &full, const std::vector<GuardInfo> *guards);
// The failure of the k-th entry of a verdict run (0 <= k < count()).
GuardFailure failureAt(const EntryVerdict &verdict, int k, const EntryGuardsLookup &guards);
// Sets each region's reason (Recompile / CacheLimit): the last tried entry's message.
void resolveReasons(CallRecord &call, const EntryGuardsLookup &guards);
// A call as records() and `dynascope explain --json` show it: each verdict with "failure"
// resolved for its first entry (a run adds "last"), each region with its reason.
Json resolvedCallJson(const CallRecord &call, const EntryGuardsLookup &guards);

} // namespace dynascope
