// GuardSet: the guards of one cache entry, deduplicated. On every call the compiled GuardTree
// decides (fast); when it fails, the failed guard's slow check explains why.
#pragma once

#include "guards/guard.h"
#include "guards/guardtree.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace dynascope {

class GuardSet {
public:
    GuardSet() = default;
    GuardSet(const GuardSet &other) : m_guards(other.m_guards), m_texts(other.m_texts) {}
    GuardSet &operator=(const GuardSet &other);

    // Adds a guard unless an identical one (same text) is already there; returns whether added.
    bool add(Guard guard);
    const std::vector<Guard> &guards() const { return m_guards; }
    size_t size() const { return m_guards.size(); }
    std::vector<GuardInfo> infos() const;

    // Builds the check tree (done once the entry's guards are complete; add() drops it).
    void compile();
    const GuardTree *tree() const { return m_tree.get(); }
    // The fast path: nullopt when every guard holds, else the failure, explained by the failed
    // guard's slow check (guardIndex set).
    std::optional<GuardFailure> checkFast(const SourceEnv &env);
    // The slow path: every guard's explanatory check in guard order; the first failure.
    std::optional<GuardFailure> checkSlow(const SourceEnv &env) const;
    // Slow-path text (empty when every guard holds), as before the tree existed.
    std::string check(const SourceEnv &env, const Guard **failed = nullptr) const;

private:
    std::optional<GuardFailure> explainGuard(int index, const SourceEnv &env) const;

    std::vector<Guard> m_guards;
    std::set<std::string> m_texts;
    std::unique_ptr<GuardTree> m_tree;
};

} // namespace dynascope
