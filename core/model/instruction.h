// A decoded CPython 3.11 instruction and a code object's description, as plain data for the GUI.
#pragma once

#include "model/event.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

struct Positions {
    std::optional<int> line, endLine, column, endColumn;
};

struct Instruction {
    int offset = 0;
    int opcode = 0;          // the base (deoptimised) opcode
    std::string opname;
    std::optional<int> arg;  // the full argument, EXTENDED_ARG folded in
    std::string argrepr;     // as dis prints it
    std::optional<int> jumpTarget; // byte offset of the jump target, for jumps
    std::optional<int> line;       // starts_line: set on the first instruction of a line
    int lineOfInstruction = 0;     // the source line this instruction belongs to (0: none)
    Positions positions;
    bool isJumpTarget = false;
    std::optional<int> stackEffect; // dis.stack_effect(opcode, arg), jump not taken
};

struct ExceptionTableEntry {
    int start = 0, end = 0, target = 0, depth = 0;
    bool lasti = false;
};

struct CodeInfo {
    std::string id;        // stable id within one run ("c1", "c2", …)
    std::string name, qualname, filename;
    int firstLine = 0;
    int argCount = 0, posOnlyArgCount = 0, kwOnlyArgCount = 0, stackSize = 0, flags = 0;
    std::vector<std::string> constants; // reprs
    std::vector<std::string> names, varnames, freevars, cellvars;
    std::string rawCodeHex; // co_code bytes as hex
    std::vector<Instruction> instructions;
    std::vector<ExceptionTableEntry> exceptionTable;
};

void to_json(Json &j, const Instruction &i);
void from_json(const Json &j, Instruction &i);
void to_json(Json &j, const ExceptionTableEntry &e);
void from_json(const Json &j, ExceptionTableEntry &e);
void to_json(Json &j, const CodeInfo &c);
void from_json(const Json &j, CodeInfo &c);

} // namespace dynascope
