// StringPool: each distinct string stored once in one character arena, named by a 32-bit id.
#pragma once

#include "model/internindex.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dynascope {

// Id 0 is always the empty string. Ids are dense and never reused until clear().
class StringPool {
public:
    StringPool();

    uint32_t intern(std::string_view text);
    std::string_view view(uint32_t id) const {
        const uint64_t begin = id == 0 ? 0 : m_ends[id - 1];
        return std::string_view(m_chars.data() + begin, size_t(m_ends[id] - begin));
    }
    std::string str(uint32_t id) const { return std::string(view(id)); }
    size_t size() const { return m_ends.size(); }
    void clear();
    // Heap bytes held (capacities, not sizes: what the process pays).
    size_t bytesUsed() const;

private:
    std::string m_chars;          // every string, back to back
    std::vector<uint64_t> m_ends; // where string `id` ends in m_chars
    InternIndex m_index;
};

} // namespace dynascope
