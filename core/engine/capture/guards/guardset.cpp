// GuardSet: dedup on insertion; the fast tree on every call, the slow checks to explain.
#include "guards/guardset.h"

namespace dynascope {

GuardSet &GuardSet::operator=(const GuardSet &other) {
    m_guards = other.m_guards;
    m_texts = other.m_texts;
    m_tree.reset();
    return *this;
}

bool GuardSet::add(Guard guard) {
    if (!m_texts.insert(guard.text()).second)
        return false;
    m_guards.push_back(std::move(guard));
    m_tree.reset();
    return true;
}

std::vector<GuardInfo> GuardSet::infos() const {
    std::vector<GuardInfo> out;
    for (const Guard &g : m_guards)
        out.push_back(g.info());
    return out;
}

void GuardSet::compile() {
    m_tree = std::make_unique<GuardTree>(m_guards);
}

std::optional<GuardFailure> GuardSet::explainGuard(int index, const SourceEnv &env) const {
    const Guard &g = m_guards[index];
    PyRef value = g.source() ? g.source()->fetch(env) : PyRef();
    std::optional<GuardFailure> f = g.explainTensorFast(value.get());
    if (!f)
        f = g.explain(value.get(), env);
    if (!f) {
        // The C++ check failed but the explanation holds: say so rather than hide it.
        GuardFailure d;
        d.kind = Guard::kindName(g.kind());
        d.source = g.source() ? g.source()->text() : "";
        d.check = "fast path";
        d.message = "guard failed in the C++ check but holds when explained: " + g.text();
        f = d;
    }
    f->guardIndex = index;
    return f;
}

std::optional<GuardFailure> GuardSet::checkFast(const SourceEnv &env) {
    if (!m_tree)
        compile();
    int failed = m_tree->check(env);
    if (failed < 0)
        return std::nullopt;
    return explainGuard(failed, env);
}

std::optional<GuardFailure> GuardSet::checkSlow(const SourceEnv &env) const {
    for (int i = 0; i < static_cast<int>(m_guards.size()); ++i) {
        const Guard &g = m_guards[i];
        PyRef value = g.source() ? g.source()->fetch(env) : PyRef();
        if (std::optional<GuardFailure> f = g.explain(value.get(), env)) {
            f->guardIndex = i;
            return f;
        }
    }
    return std::nullopt;
}

std::string GuardSet::check(const SourceEnv &env, const Guard **failed) const {
    std::optional<GuardFailure> f = checkSlow(env);
    if (f && failed)
        *failed = &m_guards[f->guardIndex];
    return f ? f->message : "";
}

} // namespace dynascope
