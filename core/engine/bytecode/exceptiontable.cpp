// The exception table's varints are big-endian 6-bit chunks (bit 6: more), unlike co_linetable's.
#include "bytecode/exceptiontable.h"

namespace dynascope {

namespace {
bool readVarint(const std::vector<std::uint8_t> &bytes, size_t &pos, int &value) {
    if (pos >= bytes.size())
        return false;
    int b = bytes[pos++];
    value = b & 63;
    while (b & 64) {
        if (pos >= bytes.size())
            return false;
        b = bytes[pos++];
        value = (value << 6) | (b & 63);
    }
    return true;
}
} // namespace

std::vector<ExceptionTableEntry> parseExceptionTable(const std::vector<std::uint8_t> &table) {
    std::vector<ExceptionTableEntry> entries;
    size_t pos = 0;
    int start, length, target, depthAndLasti;
    while (readVarint(table, pos, start) && readVarint(table, pos, length) &&
           readVarint(table, pos, target) && readVarint(table, pos, depthAndLasti)) {
        ExceptionTableEntry e;
        e.start = start * 2;
        e.end = e.start + length * 2;
        e.target = target * 2;
        e.depth = depthAndLasti >> 1;
        e.lasti = depthAndLasti & 1;
        entries.push_back(e);
    }
    return entries;
}

} // namespace dynascope
