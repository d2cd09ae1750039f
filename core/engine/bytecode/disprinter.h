// DisPrinter: text identical to dis.dis / `python -m dis` for decoded code objects.
#pragma once

#include "bytecode/decodedcode.h"

#include <string>
#include <vector>

namespace dynascope {

class DisPrinter {
public:
    // One instruction line, as dis.Instruction._disassemble (no "-->" marker).
    static std::string formatInstruction(const Instruction &instruction, int linenoWidth,
                                         int offsetWidth);
    // One code object, as dis.disassemble: instruction lines, then its ExceptionTable.
    static std::string formatCode(const DecodedCode &code);
    // A tree from decodeCodeTree, as dis.dis(code): every nested code object after a
    // "Disassembly of <code object …>:" header.
    static std::string formatTree(const std::vector<DecodedCode> &tree);
};

} // namespace dynascope
