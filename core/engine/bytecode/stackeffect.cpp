// Stack effects as 3.11's compiler books them (Python/compile.c stack_effect): the run-time stack
// use's net effect, except for the call pair; tst_bytecodedecoder checks every opcode against
// dis.stack_effect.
#include "bytecode/stackeffect.h"

#include "bytecode/stackuse.h"

#include <opcode.h>

namespace dynascope {

std::optional<int> stackEffect(int op, int arg, JumpMode jump) {
    // compile.c charges a call's arguments to PRECALL and the callable pair (less the result) to
    // CALL; at run time PRECALL moves nothing and CALL pops them all.
    if (op == PRECALL)
        return -arg;
    if (op == CALL)
        return -1;
    std::optional<StackUse> use = stackUse(op, arg, jump);
    if (!use)
        return std::nullopt;
    return use->net();
}

} // namespace dynascope
