// GuardsCache: the digest's cache entries and calls filed per function, as they arrive.
#include "guardscache.h"

namespace dynascope {

const CacheEntryGuards *FunctionCache::entry(int number) const {
    // Entries arrive numbered 0, 1, 2, …: a direct look first, a search for an odd stream.
    if (number >= 0 && number < static_cast<int>(entries.size()) &&
        entries[static_cast<size_t>(number)].number == number)
        return &entries[static_cast<size_t>(number)];
    for (const CacheEntryGuards &e : entries)
        if (e.number == number)
            return &e;
    return nullptr;
}

EntryGuardsLookup FunctionCache::guardsLookup() const {
    return [this](int number) -> const std::vector<GuardInfo> * {
        const CacheEntryGuards *e = entry(number);
        return e ? &e->guards : nullptr;
    };
}

GuardFailure FunctionCache::failureAt(const EntryVerdict &verdict, int k) const {
    const CacheEntryGuards *e = entry(verdict.entryAt(k));
    return resolveFailure(verdict.failure, e ? &e->guards : nullptr);
}

std::string FunctionCache::reasonOf(const RegionCall &region) const {
    // resolveReasons' rule, for one region, without writing into the digest's record.
    if (region.tried.empty() || region.outcome == CallOutcome::Hit ||
        region.outcome == CallOutcome::Miss)
        return {};
    const EntryVerdict &v = region.tried.back();
    return v.hit ? std::string() : failureAt(v, v.count() - 1).message;
}

void GuardsCache::clear() {
    m_digest.reset();
    m_functions.clear();
    m_entriesSeen = m_callsSeen = 0;
}

FunctionCache &GuardsCache::functionNamed(const std::string &name) {
    for (FunctionCache &f : m_functions)
        if (f.function == name)
            return f;
    m_functions.push_back(FunctionCache{name,
                                        EntryRows(m_digest, &m_digest->cacheEntries()),
                                        CallRows(m_digest, &m_digest->calls()),
                                        {}});
    return m_functions.back();
}

const FunctionCache *GuardsCache::function(const std::string &name) const {
    for (const FunctionCache &f : m_functions)
        if (f.function == name)
            return &f;
    return nullptr;
}

bool GuardsCache::update(std::shared_ptr<const CaptureDigest> capture) {
    bool changed = false;
    if (capture != m_digest) {
        changed = !m_functions.empty();
        clear();
        m_digest = std::move(capture);
    }
    if (!m_digest)
        return changed;
    // The digest keeps the stream's order, so an entry always comes before the calls that name
    // it; filing every new entry first keeps that for a batch of both.
    const std::vector<DigestedEntry> &entries = m_digest->cacheEntries();
    const std::vector<CallRecord> &calls = m_digest->calls();
    changed = changed || m_entriesSeen < entries.size() || m_callsSeen < calls.size();
    for (; m_entriesSeen < entries.size(); ++m_entriesSeen)
        functionNamed(entries[m_entriesSeen].guards.function).entries.append(m_entriesSeen);
    for (; m_callsSeen < calls.size(); ++m_callsSeen) {
        FunctionCache &f = functionNamed(calls[m_callsSeen].function);
        f.summary.add(calls[m_callsSeen]);
        f.calls.append(m_callsSeen);
    }
    return changed;
}

} // namespace dynascope
