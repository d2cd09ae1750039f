// StringPool: interning through InternIndex over one arena.
#include "model/stringpool.h"

#include <functional>

namespace dynascope {

StringPool::StringPool() {
    clear();
}

uint32_t StringPool::intern(std::string_view text) {
    if (text.empty())
        return 0;
    const uint64_t hash = std::hash<std::string_view>()(text);
    if (auto id = m_index.find(hash, [&](uint32_t id) { return view(id) == text; }))
        return *id;
    const auto id = uint32_t(m_ends.size());
    m_chars.append(text);
    m_ends.push_back(m_chars.size());
    m_index.insert(hash, id);
    return id;
}

void StringPool::clear() {
    std::string().swap(m_chars);
    std::vector<uint64_t>().swap(m_ends);
    m_index.clear();
    m_ends.push_back(0); // id 0: ""
}

size_t StringPool::bytesUsed() const {
    return m_chars.capacity() + m_ends.capacity() * sizeof(uint64_t) + m_index.bytesUsed();
}

} // namespace dynascope
