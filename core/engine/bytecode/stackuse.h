// What a CPython 3.11 instruction does to the value stack at run time: entries popped, pushed.
#pragma once

#include "bytecode/stackeffect.h"

#include <optional>

namespace dynascope {

// An entry the instruction only reads (COPY's source, FOR_ITER's iterator) is neither popped nor
// pushed; an entry it replaces in place (SWAP, the exception PUSH_EXC_INFO saves) is popped and
// pushed, so that the stack after = the stack before minus the top `pops` plus `pushes` new ones.
struct StackUse {
    int pops = 0;
    int pushes = 0;
    int net() const { return pushes - pops; }
};
inline bool operator==(StackUse a, StackUse b) {
    return a.pops == b.pops && a.pushes == b.pushes;
}

// The stack use of a base opcode with its (EXTENDED_ARG-folded) argument, as Python/ceval.c runs
// it, on the path `jump` (FOR_ITER, SEND, JUMP_IF_*_OR_POP differ; Max: the path with the larger
// net effect, as dis.stack_effect's jump=None). Nothing for opcodes dis.stack_effect rejects.
// pushes − pops equals dis.stack_effect for every opcode except the call pair: compile.c books
// PRECALL n as −n and CALL n as −1, while at run time PRECALL leaves the stack alone and CALL
// pops the callable slot pair and its n arguments (the pair's total is the same).
std::optional<StackUse> stackUse(int opcode, int arg, JumpMode jump = JumpMode::NotTaken);

// PRECALL n that finds a bound method object under its arguments ([NULL, method, args…]) rewrites
// that pair in place as [function, self, args…]: the top n + 2 entries change, none is added.
StackUse precallUnpackingBoundMethod(int arg);

// YIELD_VALUE up to the moment its frame is suspended: the yielded value is popped; the value sent
// in is pushed only when the frame resumes.
StackUse yieldValueSuspending();

} // namespace dynascope
