// InternIndex: linear probing over (id, hash) slots.
#include "model/internindex.h"

namespace dynascope {

void InternIndex::insert(uint64_t hash, uint32_t id) {
    if ((m_count + 1) * 4 > m_slots.size() * 3) {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(old.empty() ? 64 : old.size() * 2, Slot{});
        for (const Slot &slot : old)
            if (slot.id != Empty)
                place(slot);
    }
    place(Slot{id, uint32_t(hash)});
    ++m_count;
}

void InternIndex::place(Slot slot) {
    // Probing starts from the stored low 32 bits, the same bits find() starts from while the
    // table is smaller than 2^32 slots.
    const size_t mask = m_slots.size() - 1;
    size_t i = size_t(slot.hash) & mask;
    while (m_slots[i].id != Empty)
        i = (i + 1) & mask;
    m_slots[i] = slot;
}

void InternIndex::clear() {
    std::vector<Slot>().swap(m_slots);
    m_count = 0;
}

} // namespace dynascope
