// GuardSet: the guards of one cache entry, deduplicated, checked in order against a frame state.
#pragma once

#include "guards/guard.h"

#include <set>
#include <string>
#include <vector>

namespace dynascope {

class GuardSet {
public:
    // Adds a guard unless an identical one (same text) is already there; returns whether added.
    bool add(Guard guard);
    const std::vector<Guard> &guards() const { return m_guards; }
    size_t size() const { return m_guards.size(); }
    // Empty when every guard holds, else the first failure's reason.
    std::string check(const SourceEnv &env, const Guard **failed = nullptr) const;
    std::vector<GuardInfo> infos() const;

private:
    std::vector<Guard> m_guards;
    std::set<std::string> m_texts;
};

} // namespace dynascope
