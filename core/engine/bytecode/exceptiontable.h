// Decoding of a 3.11 code object's co_exceptiontable into model ExceptionTableEntry records.
#pragma once

#include "model/instruction.h"

#include <cstdint>
#include <vector>

namespace dynascope {

// As dis._parse_exception_table: byte offsets, `end` exclusive. Stops at a truncated entry.
std::vector<ExceptionTableEntry> parseExceptionTable(const std::vector<std::uint8_t> &table);

} // namespace dynascope
