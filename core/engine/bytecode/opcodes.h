// Facts about CPython 3.11 opcodes: names, argument kinds, jumps, inline caches, deopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dynascope {

// Opcodes at or above this take an argument (opcode.HAVE_ARGUMENT).
constexpr int kHaveArgument = 90;

// How dis resolves an instruction's argument (opcode.hasconst, hasname, …), by base opcode.
enum class ArgumentKind {
    None,         // no argument (opcode < HAVE_ARGUMENT)
    Plain,        // an argument dis shows without a description (CALL, BUILD_TUPLE, …)
    Const,        // LOAD_CONST, KW_NAMES (dis describes only LOAD_CONST's)
    Name,         // co_names[arg]
    GlobalName,   // LOAD_GLOBAL: co_names[arg >> 1], "NULL + " when arg & 1
    RelativeJump, // offset + 2 ± 2 * arg
    LocalName,    // co_localsplusnames[arg] (LOAD_FAST …, and cell/free ops)
    Compare,      // cmp_op[arg]
    FormatValue,  // conversion and "with format"
    MakeFunction, // flag names
    BinaryOp,     // operator symbol ("+", "+=", …)
};

// opname as dis shows it: the name for a named opcode (specialised ones too), else "<N>".
std::string opcodeName(int opcode);
// The opcode named so, or -1.
int opcodeByName(const std::string &name);
// The base opcode of a specialised/adaptive opcode (e.g. LOAD_ATTR_INSTANCE_VALUE → LOAD_ATTR).
int baseOpcode(int opcode);
// CACHE code units following the opcode (after deopt), as opcode._inline_cache_entries.
int inlineCacheCount(int opcode);
bool hasArgument(int opcode);
ArgumentKind argumentKind(int baseOpcode);
bool isRelativeJump(int baseOpcode);
// JUMP_BACKWARD, JUMP_BACKWARD_NO_INTERRUPT and POP_JUMP_BACKWARD_IF_*.
bool isBackwardJump(int baseOpcode);
// The byte offset a jump at `offset` with argument `arg` goes to, or nothing for non-jumps.
std::optional<int> jumpTarget(int baseOpcode, int offset, int arg);
// The canonical bytecode (as co_code) of quickened bytes (as co_code_adaptive): specialised
// opcodes replaced by their base opcode and every inline cache zeroed.
std::vector<std::uint8_t> deoptimiseCode(const std::vector<std::uint8_t> &adaptive);

} // namespace dynascope
