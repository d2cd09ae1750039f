// The tensor aliasing guard: which tensor inputs of one trace are the same object.
#include "trace/tracer.h"

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

} // namespace dynascope
