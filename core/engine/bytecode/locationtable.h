// LocationTable: CPython 3.11's co_linetable decoded into per-instruction lines and positions.
#pragma once

#include "model/instruction.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace dynascope {

class LocationTable {
public:
    // One entry of the table: a run of code units [start, end) (byte offsets) sharing a location.
    struct Range {
        int start = 0, end = 0;
        std::optional<int> line; // as co_lines(): none for "no location" entries
        Positions positions;     // as co_positions()
    };

    LocationTable(const std::vector<std::uint8_t> &table, int firstLine);

    const std::vector<Range> &ranges() const { return m_ranges; }
    // co_positions() of the code unit at byte `offset`; all empty past the table's end.
    Positions positionsAt(int offset) const;
    // co_lines()'s line for the code unit at byte `offset`.
    std::optional<int> lineAt(int offset) const;
    // dis.findlinestarts: (offset, line) where the line differs from the last line seen.
    std::vector<std::pair<int, int>> lineStarts() const;

private:
    const Range *rangeAt(int offset) const;
    std::vector<Range> m_ranges;
};

} // namespace dynascope
