// Stack effects as 3.11's compiler computes them (Python/compile.c stack_effect), one case per
// opcode; tst_bytecodedecoder checks every opcode against dis.stack_effect.
#include "bytecode/stackeffect.h"

#include <opcode.h>

#include <algorithm>

namespace dynascope {

namespace {

// Effect of an opcode that never jumps; nothing for an opcode 3.11's compiler does not know.
std::optional<int> straightEffect(int op, int arg) {
    switch (op) {
    case NOP:
    case EXTENDED_ARG:
    case RESUME:
    case CACHE:
    case UNARY_POSITIVE:
    case UNARY_NEGATIVE:
    case UNARY_NOT:
    case UNARY_INVERT:
    case CHECK_EXC_MATCH:
    case CHECK_EG_MATCH:
    case GET_AITER:
    case GET_ITER:
    case GET_YIELD_FROM_ITER:
    case RETURN_GENERATOR:
    case LIST_TO_TUPLE:
    case SETUP_ANNOTATIONS:
    case YIELD_VALUE:
    case ASYNC_GEN_WRAP:
    case DELETE_NAME:
    case DELETE_GLOBAL:
    case SWAP:
    case LOAD_ATTR:
    case DELETE_FAST:
    case GET_AWAITABLE:
    case MAKE_CELL:
    case DELETE_DEREF:
    case COPY_FREE_VARS:
    case KW_NAMES:
    case JUMP_FORWARD:
    case JUMP_BACKWARD:
    case JUMP_BACKWARD_NO_INTERRUPT:
        return 0;
    case PUSH_NULL:
    case GET_LEN:
    case MATCH_MAPPING:
    case MATCH_SEQUENCE:
    case MATCH_KEYS:
    case PUSH_EXC_INFO:
    case WITH_EXCEPT_START:
    case GET_ANEXT:
    case BEFORE_ASYNC_WITH:
    case BEFORE_WITH:
    case LOAD_BUILD_CLASS:
    case LOAD_ASSERTION_ERROR:
    case LOAD_CONST:
    case LOAD_NAME:
    case IMPORT_FROM:
    case COPY:
    case LOAD_FAST:
    case LOAD_CLOSURE:
    case LOAD_DEREF:
    case LOAD_CLASSDEREF:
    case LOAD_METHOD:
        return 1;
    case POP_TOP:
    case BINARY_SUBSCR:
    case PRINT_EXPR:
    case RETURN_VALUE:
    case IMPORT_STAR:
    case PREP_RERAISE_STAR:
    case POP_EXCEPT:
    case STORE_NAME:
    case DELETE_ATTR:
    case STORE_GLOBAL:
    case COMPARE_OP:
    case IMPORT_NAME:
    case IS_OP:
    case CONTAINS_OP:
    case RERAISE:
    case BINARY_OP:
    case STORE_FAST:
    case STORE_DEREF:
    case LIST_APPEND:
    case SET_ADD:
    case LIST_EXTEND:
    case SET_UPDATE:
    case DICT_MERGE:
    case DICT_UPDATE:
    case CALL:
    case POP_JUMP_FORWARD_IF_FALSE:
    case POP_JUMP_FORWARD_IF_TRUE:
    case POP_JUMP_FORWARD_IF_NONE:
    case POP_JUMP_FORWARD_IF_NOT_NONE:
    case POP_JUMP_BACKWARD_IF_FALSE:
    case POP_JUMP_BACKWARD_IF_TRUE:
    case POP_JUMP_BACKWARD_IF_NONE:
    case POP_JUMP_BACKWARD_IF_NOT_NONE:
        return -1;
    case END_ASYNC_FOR:
    case DELETE_SUBSCR:
    case STORE_ATTR:
    case MAP_ADD:
    case MATCH_CLASS:
        return -2;
    case STORE_SUBSCR:
        return -3;
    case UNPACK_SEQUENCE:
        return arg - 1;
    case UNPACK_EX:
        return (arg & 0xFF) + (arg >> 8);
    case BUILD_TUPLE:
    case BUILD_LIST:
    case BUILD_SET:
    case BUILD_STRING:
        return 1 - arg;
    case BUILD_MAP:
        return 1 - 2 * arg;
    case BUILD_CONST_KEY_MAP:
    case PRECALL:
    case RAISE_VARARGS:
        return -arg;
    case LOAD_GLOBAL:
        return (arg & 1) + 1;
    case MAKE_FUNCTION:
        // One value popped per flag (defaults, kwdefaults, annotations, closure).
        return -((arg & 1) + ((arg >> 1) & 1) + ((arg >> 2) & 1) + ((arg >> 3) & 1));
    case BUILD_SLICE:
        return arg == 3 ? -2 : -1;
    case CALL_FUNCTION_EX:
        return -2 - (arg & 1);
    case FORMAT_VALUE:
        // The format spec, when there is one, is popped too.
        return (arg & 0x04) ? -1 : 0;
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<int> stackEffect(int op, int arg, JumpMode jump) {
    int taken, notTaken;
    switch (op) {
    case FOR_ITER: // the exhausted iterator is popped when it jumps
        taken = -1, notTaken = 1;
        break;
    case SEND:
        taken = -1, notTaken = 0;
        break;
    case JUMP_IF_TRUE_OR_POP: // the value stays on the stack when it jumps
    case JUMP_IF_FALSE_OR_POP:
        taken = 0, notTaken = -1;
        break;
    default:
        return straightEffect(op, arg);
    }
    switch (jump) {
    case JumpMode::Taken:
        return taken;
    case JumpMode::NotTaken:
        return notTaken;
    default:
        return std::max(taken, notTaken);
    }
}

} // namespace dynascope
