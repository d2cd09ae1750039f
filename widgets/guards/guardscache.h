// GuardsCache: the compiled functions of a run as the Guards view shows them — each function's
// cache entries with their guards, and every call's record — decoded from the session's
// `guards` and `call` events, which the session's CaptureDigest decoded as they arrived.
#pragma once

#include "model/callrecord.h"
#include "model/capturedigest.h"
#include "model/failuretext.h"
#include "model/graph.h"

#include <string>
#include <vector>

namespace dynascope {

struct FunctionCache {
    std::string function;
    std::vector<CacheEntryGuards> entries; // in check order
    std::vector<CallRecord> calls;         // in call order
    CallSummary summary;
    const CacheEntryGuards *entry(int number) const;
    // The guards of entry `number` (null when unknown): what a call's compact failures name.
    EntryGuardsLookup guardsLookup() const;
    // The failure of the k-th entry of a verdict run, in full.
    GuardFailure failureAt(const EntryVerdict &verdict, int k) const;
};

class GuardsCache {
public:
    // Files the digest's entries and calls not seen yet under their functions, resolving each
    // call's failure reasons against the entries sent before it; true when anything changed.
    bool update(const CaptureDigest &capture);
    void clear();
    const std::vector<FunctionCache> &functions() const { return m_functions; }
    const FunctionCache *function(const std::string &name) const;

private:
    FunctionCache &functionNamed(const std::string &name);

    std::vector<FunctionCache> m_functions;
    size_t m_entriesSeen = 0, m_callsSeen = 0;
};

} // namespace dynascope
