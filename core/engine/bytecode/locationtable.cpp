// Decoding of the 3.11 location table (Objects/locations.md): short, one-line, no-column, long
// and no-location entries.
#include "bytecode/locationtable.h"

#include <algorithm>

namespace dynascope {

namespace {

// Reads the table's varints: 6-bit chunks, least significant first, bit 6 meaning "more".
class TableReader {
public:
    TableReader(const std::vector<std::uint8_t> &bytes) : m_bytes(bytes) {}
    bool atEnd() const { return m_pos >= m_bytes.size(); }
    int byte() { return atEnd() ? 0 : m_bytes[m_pos++]; }
    unsigned varint() {
        unsigned read = byte(), value = read & 63, shift = 0;
        while ((read & 64) && !atEnd() && shift < 30) {
            read = byte();
            shift += 6;
            value |= (read & 63) << shift;
        }
        return value;
    }
    int signedVarint() {
        unsigned value = varint();
        return (value & 1) ? -static_cast<int>(value >> 1) : static_cast<int>(value >> 1);
    }

private:
    const std::vector<std::uint8_t> &m_bytes;
    size_t m_pos = 0;
};

enum Code { OneLine0 = 10, OneLine1 = 11, OneLine2 = 12, NoColumns = 13, Long = 14, None = 15 };

} // namespace

LocationTable::LocationTable(const std::vector<std::uint8_t> &table, int firstLine) {
    TableReader reader(table);
    int line = firstLine, offset = 0;
    while (!reader.atEnd()) {
        int first = reader.byte();
        int code = (first >> 3) & 15;
        Range range;
        range.start = offset;
        range.end = offset = offset + ((first & 7) + 1) * 2;
        Positions &p = range.positions;
        switch (code) {
        case None:
            break;
        case Long:
            line += reader.signedVarint();
            p.line = line;
            p.endLine = line + static_cast<int>(reader.varint());
            // Columns are stored plus one so that zero can mean "unknown".
            p.column = static_cast<int>(reader.varint()) - 1;
            p.endColumn = static_cast<int>(reader.varint()) - 1;
            break;
        case NoColumns:
            line += reader.signedVarint();
            p.line = p.endLine = line;
            break;
        case OneLine0:
        case OneLine1:
        case OneLine2:
            line += code - OneLine0;
            p.line = p.endLine = line;
            p.column = reader.byte();
            p.endColumn = reader.byte();
            break;
        default: { // short forms: same line, column in code and the second byte
            int second = reader.byte();
            p.line = p.endLine = line;
            p.column = code << 3 | (second >> 4);
            p.endColumn = *p.column + (second & 15);
        }
        }
        // co_positions reports -1 (unknown) as None.
        for (std::optional<int> *part : {&p.line, &p.endLine, &p.column, &p.endColumn})
            if (*part && **part == -1)
                part->reset();
        range.line = code == None ? std::nullopt : std::optional<int>(line);
        m_ranges.push_back(range);
    }
}

const LocationTable::Range *LocationTable::rangeAt(int offset) const {
    auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), offset,
                               [](int o, const Range &r) { return o < r.end; });
    return it == m_ranges.end() || offset < it->start ? nullptr : &*it;
}

Positions LocationTable::positionsAt(int offset) const {
    const Range *range = rangeAt(offset);
    return range ? range->positions : Positions{};
}

std::optional<int> LocationTable::lineAt(int offset) const {
    const Range *range = rangeAt(offset);
    return range ? range->line : std::nullopt;
}

std::vector<std::pair<int, int>> LocationTable::lineStarts() const {
    std::vector<std::pair<int, int>> starts;
    std::optional<int> last;
    for (const Range &range : m_ranges)
        if (range.line && range.line != last) {
            last = range.line;
            starts.emplace_back(range.start, *range.line);
        }
    return starts;
}

} // namespace dynascope
