// GuardsCache: the compiled functions of a run as the Guards view shows them — each function's
// cache entries with their guards, and every call's record — filed per function as rows of the
// session's CaptureDigest, which decoded the `guards` and `call` events as they arrived.
#pragma once

#include "model/callrecord.h"
#include "model/capturedigest.h"
#include "model/failuretext.h"
#include "model/graph.h"
#include "model/indexiterator.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace dynascope {

// Some rows of one of a digest's vectors, read as a vector of `Item`: the function's entries or
// calls without a copy of them. It holds the digest, which only grows (a new run makes a new
// one), so a row it filed stays valid as long as the view lives.
template <typename Row, typename Item, const Item &(*project)(const Row &)> class DigestRows {
public:
    using const_iterator = IndexIterator<DigestRows, Item>;

    DigestRows() = default;
    DigestRows(std::shared_ptr<const CaptureDigest> digest, const std::vector<Row> *rows)
        : m_digest(std::move(digest)), m_rows(rows) {}
    void append(size_t row) { m_index.push_back(static_cast<uint32_t>(row)); }
    size_t size() const { return m_index.size(); }
    bool empty() const { return m_index.empty(); }
    const Item &operator[](size_t i) const { return project((*m_rows)[m_index[i]]); }
    const Item &back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

private:
    std::shared_ptr<const CaptureDigest> m_digest; // keeps m_rows alive
    const std::vector<Row> *m_rows = nullptr;
    std::vector<uint32_t> m_index; // rows of *m_rows, in the order filed
};

namespace digestrows {
inline const CacheEntryGuards &guardsOf(const DigestedEntry &e) {
    return e.guards;
}
inline const CallRecord &itself(const CallRecord &c) {
    return c;
}
} // namespace digestrows

using EntryRows = DigestRows<DigestedEntry, CacheEntryGuards, &digestrows::guardsOf>;
using CallRows = DigestRows<CallRecord, CallRecord, &digestrows::itself>;

struct FunctionCache {
    std::string function;
    EntryRows entries; // in check order
    CallRows calls;    // in call order, as sent: see reasonOf()
    CallSummary summary;
    const CacheEntryGuards *entry(int number) const;
    // The guards of entry `number` (null when unknown): what a call's compact failures name.
    EntryGuardsLookup guardsLookup() const;
    // The failure of the k-th entry of a verdict run, in full.
    GuardFailure failureAt(const EntryVerdict &verdict, int k) const;
    // Why a region recompiled or fell back: its last tried entry's failure message ("" for a
    // hit or a first compile). The digest's calls are kept as sent, so it is worded here.
    std::string reasonOf(const RegionCall &region) const;
};

class GuardsCache {
public:
    // Files the digest's entries and calls not seen yet under their functions; true when
    // anything changed. Another digest than the last one (a new run) is filed from its start.
    bool update(std::shared_ptr<const CaptureDigest> capture);
    void clear();
    const std::vector<FunctionCache> &functions() const { return m_functions; }
    const FunctionCache *function(const std::string &name) const;

private:
    FunctionCache &functionNamed(const std::string &name);

    std::shared_ptr<const CaptureDigest> m_digest;
    std::vector<FunctionCache> m_functions;
    size_t m_entriesSeen = 0, m_callsSeen = 0;
};

} // namespace dynascope
