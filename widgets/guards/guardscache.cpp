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

void GuardsCache::clear() {
    m_functions.clear();
    m_entriesSeen = m_callsSeen = 0;
}

FunctionCache &GuardsCache::functionNamed(const std::string &name) {
    for (FunctionCache &f : m_functions)
        if (f.function == name)
            return f;
    m_functions.push_back(FunctionCache{name, {}, {}, {}});
    return m_functions.back();
}

const FunctionCache *GuardsCache::function(const std::string &name) const {
    for (const FunctionCache &f : m_functions)
        if (f.function == name)
            return &f;
    return nullptr;
}

bool GuardsCache::update(const CaptureDigest &capture) {
    // The digest keeps the stream's order, so an entry always comes before the calls that name
    // it; filing every new entry first keeps that for a batch of both.
    const std::vector<DigestedEntry> &entries = capture.cacheEntries();
    const std::vector<CallRecord> &calls = capture.calls();
    const bool changed = m_entriesSeen < entries.size() || m_callsSeen < calls.size();
    for (; m_entriesSeen < entries.size(); ++m_entriesSeen) {
        const CacheEntryGuards &e = entries[m_entriesSeen].guards;
        functionNamed(e.function).entries.push_back(e);
    }
    for (; m_callsSeen < calls.size(); ++m_callsSeen) {
        CallRecord c = calls[m_callsSeen];
        FunctionCache &f = functionNamed(c.function);
        resolveReasons(c, f.guardsLookup());
        f.summary.add(c);
        f.calls.push_back(std::move(c));
    }
    return changed;
}

} // namespace dynascope
