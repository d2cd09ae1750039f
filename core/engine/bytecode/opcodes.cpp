// Opcode facts: names, caches and deopt from CPython's generated tables, the rest as in opcode.py.
#include "bytecode/opcodes.h"

#include "bytecode/opcodetables.h"

#include <opcode.h>

#include <unordered_map>

namespace dynascope {

std::string opcodeName(int opcode) {
    // The generated table names most unused opcodes "<N>" itself; some it leaves null.
    // DO_TRACING is the interpreter's internal marker, which dis does not name either.
    if (const char *name = dynascope_opcode_name(opcode); name && opcode != DO_TRACING)
        return name;
    return "<" + std::to_string(opcode) + ">";
}

int opcodeByName(const std::string &name) {
    static const std::unordered_map<std::string, int> byName = [] {
        std::unordered_map<std::string, int> map;
        for (int op = 0; op < 256; ++op)
            if (const char *n = dynascope_opcode_name(op); n && n[0] != '<') // "<181>": unused
                map.emplace(n, op);
        return map;
    }();
    auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
}

int baseOpcode(int opcode) {
    int base = dynascope_opcode_deopt(opcode);
    // Unused bytes have no deopt entry; dis keeps them as they are.
    return base == 0 && opcode != CACHE ? opcode : base;
}

int inlineCacheCount(int opcode) {
    return dynascope_opcode_caches(baseOpcode(opcode));
}

bool hasArgument(int opcode) {
    return baseOpcode(opcode) >= kHaveArgument;
}

ArgumentKind argumentKind(int op) {
    if (op < kHaveArgument)
        return ArgumentKind::None;
    switch (op) {
    case LOAD_CONST:
    case KW_NAMES:
        return ArgumentKind::Const;
    case LOAD_GLOBAL:
        return ArgumentKind::GlobalName;
    case STORE_NAME:
    case DELETE_NAME:
    case STORE_ATTR:
    case DELETE_ATTR:
    case STORE_GLOBAL:
    case DELETE_GLOBAL:
    case LOAD_NAME:
    case LOAD_ATTR:
    case IMPORT_NAME:
    case IMPORT_FROM:
    case LOAD_METHOD:
        return ArgumentKind::Name;
    case LOAD_FAST:
    case STORE_FAST:
    case DELETE_FAST:
    case MAKE_CELL:
    case LOAD_CLOSURE:
    case LOAD_DEREF:
    case STORE_DEREF:
    case DELETE_DEREF:
    case LOAD_CLASSDEREF:
        return ArgumentKind::LocalName;
    case COMPARE_OP:
        return ArgumentKind::Compare;
    case FORMAT_VALUE:
        return ArgumentKind::FormatValue;
    case MAKE_FUNCTION:
        return ArgumentKind::MakeFunction;
    case BINARY_OP:
        return ArgumentKind::BinaryOp;
    default:
        return isRelativeJump(op) ? ArgumentKind::RelativeJump : ArgumentKind::Plain;
    }
}

bool isRelativeJump(int op) {
    return op >= kHaveArgument && dynascope_opcode_is_jump(op);
}

bool isBackwardJump(int op) {
    switch (op) {
    case JUMP_BACKWARD:
    case JUMP_BACKWARD_NO_INTERRUPT:
    case POP_JUMP_BACKWARD_IF_NOT_NONE:
    case POP_JUMP_BACKWARD_IF_NONE:
    case POP_JUMP_BACKWARD_IF_FALSE:
    case POP_JUMP_BACKWARD_IF_TRUE:
        return true;
    default:
        return false;
    }
}

std::optional<int> jumpTarget(int op, int offset, int arg) {
    if (!isRelativeJump(op))
        return std::nullopt;
    long long signedArg = isBackwardJump(op) ? -static_cast<long long>(arg) : arg;
    return static_cast<int>(offset + 2 + signedArg * 2);
}

std::vector<std::uint8_t> deoptimiseCode(const std::vector<std::uint8_t> &adaptive) {
    std::vector<std::uint8_t> code(adaptive);
    for (size_t i = 0; i + 1 < code.size(); i += 2) {
        int base = baseOpcode(code[i]);
        code[i] = static_cast<std::uint8_t>(base);
        // Quickened caches hold counters and versions; the canonical form holds zeros.
        for (int c = dynascope_opcode_caches(base); c > 0 && i + 3 < code.size(); --c) {
            i += 2;
            code[i] = CACHE;
            code[i + 1] = 0;
        }
    }
    return code;
}

} // namespace dynascope
