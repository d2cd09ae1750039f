// GuardsCache: incremental decoding of guards and call events into per-function caches.
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
    m_guardsSeen = m_callsSeen = 0;
    m_skipped = 0;
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

bool GuardsCache::update(const std::vector<Json> &guardEvents,
                         const std::vector<Json> &callEvents) {
    bool changed = false;
    for (; m_guardsSeen < guardEvents.size(); ++m_guardsSeen) {
        const Json &j = guardEvents[m_guardsSeen];
        try {
            CacheEntryGuards e = j.get<CacheEntryGuards>();
            FunctionCache &f = functionNamed(e.function);
            f.entries.push_back(std::move(e));
            changed = true;
        } catch (const Json::exception &) {
            ++m_skipped;
        }
    }
    for (; m_callsSeen < callEvents.size(); ++m_callsSeen) {
        const Json &j = callEvents[m_callsSeen];
        try {
            CallRecord c = j.get<CallRecord>();
            FunctionCache &f = functionNamed(c.function);
            // A call's entries were sent before it (a `guards` event each): reasons resolve now.
            resolveReasons(c, f.guardsLookup());
            f.summary.add(c);
            f.calls.push_back(std::move(c));
            changed = true;
        } catch (const Json::exception &) {
            ++m_skipped;
        }
    }
    return changed;
}

} // namespace dynascope
