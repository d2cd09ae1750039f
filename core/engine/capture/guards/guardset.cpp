// GuardSet: dedup on insertion; checking fetches each source once per call.
#include "guards/guardset.h"

#include <map>

namespace dynascope {

bool GuardSet::add(Guard guard) {
    if (!m_texts.insert(guard.text()).second)
        return false;
    m_guards.push_back(std::move(guard));
    return true;
}

std::string GuardSet::check(const SourceEnv &env, const Guard **failed) const {
    std::map<const Source *, PyRef> fetched;
    for (const Guard &g : m_guards) {
        PyRef value;
        if (g.source()) {
            auto it = fetched.find(g.source().get());
            if (it == fetched.end())
                it = fetched.emplace(g.source().get(), g.source()->fetch(env)).first;
            value = it->second;
        }
        std::string reason = g.check(value.get(), env);
        if (!reason.empty()) {
            if (failed)
                *failed = &g;
            return reason;
        }
    }
    return "";
}

std::vector<GuardInfo> GuardSet::infos() const {
    std::vector<GuardInfo> out;
    for (const Guard &g : m_guards)
        out.push_back(g.info());
    return out;
}

} // namespace dynascope
