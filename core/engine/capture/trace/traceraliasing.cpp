// The aliasing guards: which tensor inputs of one trace are the same object, and which of the
// other objects it read (containers, user objects).
#include "trace/tracer.h"

#include <set>

namespace dynascope {

// Two tensor inputs that are the same object must be so again for the entry to be reused, and
// distinct ones distinct (Dynamo's aliasing guard): an in-place op through one is seen through
// the other only when they alias.
void Tracer::addAliasingGuard() {
    if (m_tensorSources.size() < 2)
        return;
    std::vector<SourcePtr> sources;
    std::vector<int> groups;
    for (size_t i = 0; i < m_tensorSources.size(); ++i) {
        int group = static_cast<int>(i);
        for (size_t j = 0; j < i; ++j)
            if (m_tensorSources[j].first == m_tensorSources[i].first) {
                group = static_cast<int>(j);
                break;
            }
        sources.push_back(m_tensorSources[i].second);
        groups.push_back(group);
    }
    addGuard(Guard::tensorAliasing(std::move(sources), std::move(groups)));
}

// One object read through two sources is one Value (its contents guarded through the first
// source only), so the second must hold that object again; and two objects traced as two must not
// arrive as one where the trace changed one of them or compared them by identity (`a.append(1);
// len(b)`, `a is b`). nn.Modules are pinned by ID_MATCH already.
void Tracer::addObjectAliasingGuard() {
    std::vector<SourcePtr> sources;
    std::vector<PyObject *> objects;
    std::set<std::string> texts;
    std::set<PyObject *> distinct;
    for (const auto &[object, source] : m_objectSources) {
        auto held = m_wrapped.find(object);
        if (held == m_wrapped.end() || held->second->kind == Value::Kind::NNModule ||
            !texts.insert(source->text()).second)
            continue;
        distinct.insert(object);
        sources.push_back(source);
        objects.push_back(object);
    }
    bool duplicate = distinct.size() < objects.size();
    if (sources.size() < 2)
        return;
    bool changed = !m_sideEffects.empty();
    for (const auto &w : m_wrapped)
        if (auto *c = w.second->tryAs<ContainerValue>(); c && c->mutated)
            changed = true;
    if (!duplicate && !changed && !m_identityTested)
        return;
    std::vector<int> groups;
    for (size_t i = 0; i < objects.size(); ++i) {
        int group = static_cast<int>(i);
        for (size_t j = 0; j < i; ++j)
            if (objects[j] == objects[i]) {
                group = static_cast<int>(j);
                break;
            }
        groups.push_back(group);
    }
    addGuard(Guard::objectAliasing(std::move(sources), std::move(groups)));
}

} // namespace dynascope
