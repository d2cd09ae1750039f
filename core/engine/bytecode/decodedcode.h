// DecodedCode: one decoded code object, with what the dis printer needs beyond the model CodeInfo.
#pragma once

#include "model/instruction.h"

#include <string>
#include <utility>
#include <vector>

namespace dynascope {

struct DecodedCode {
    CodeInfo info;                               // instructions, exception table, names …
    std::string repr;                            // repr(code), as in "Disassembly of …:"
    int codeSize = 0;                            // bytes of co_code
    std::vector<std::pair<int, int>> lineStarts; // (offset, line), as dis.findlinestarts
};

} // namespace dynascope
