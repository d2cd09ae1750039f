// InternIndex: an open-addressing hash index from a key's hash to the id that holds the key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace dynascope {

// The keys live in their owner's table (a string arena, a vector of records); the index keeps
// only (id, hash) pairs, 8 bytes a slot, so interning a million distinct values costs megabytes,
// not the ~50 bytes a node of std::unordered_map would. Linear probing; grows at 3/4 full.
class InternIndex {
public:
    // The id of an entry with `hash` for which `matches(id)` holds, else nullopt.
    template <class Matches>
    std::optional<uint32_t> find(uint64_t hash, const Matches &matches) const {
        if (m_slots.empty())
            return std::nullopt;
        const size_t mask = m_slots.size() - 1;
        for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
            const Slot &slot = m_slots[i];
            if (slot.id == Empty)
                return std::nullopt;
            if (slot.hash == uint32_t(hash) && matches(slot.id))
                return slot.id;
        }
    }
    // Records `id` under `hash` (the caller checked with find() that no equal key is there).
    void insert(uint64_t hash, uint32_t id);
    void clear();
    size_t bytesUsed() const { return m_slots.capacity() * sizeof(Slot); }

private:
    static constexpr uint32_t Empty = 0xffffffffu;
    struct Slot {
        uint32_t id = Empty;
        uint32_t hash = 0; // the low bits of the key's hash: probes compare it before the key
    };
    void place(Slot slot);

    std::vector<Slot> m_slots; // a power of two in size
    size_t m_count = 0;
};

// Mixes `value` into `seed` (boost::hash_combine's constant, on 64 bits).
inline uint64_t hashMix(uint64_t seed, uint64_t value) {
    return seed ^ (value + 0x9e3779b97f4a7c15ull + (seed << 12) + (seed >> 4));
}

} // namespace dynascope
