// Stack use per opcode as CPython 3.11's Python/ceval.c executes it; tst_bytecodedecoder checks
// every opcode and argument class against dis.stack_effect and real recorded stacks.
#include "bytecode/stackuse.h"

#include <opcode.h>

namespace dynascope {

namespace {

constexpr StackUse use(int pops, int pushes) {
    return StackUse{pops, pushes};
}

// Instructions whose use does not depend on the path; nothing for an opcode 3.11 does not run.
std::optional<StackUse> straightUse(int op, int arg) {
    switch (op) {
    case NOP:
    case EXTENDED_ARG:
    case RESUME:
    case CACHE:
    case RETURN_GENERATOR: // the generator's frame keeps its (empty) stack
    case SETUP_ANNOTATIONS:
    case DELETE_NAME:
    case DELETE_GLOBAL:
    case DELETE_FAST:
    case MAKE_CELL:
    case DELETE_DEREF:
    case COPY_FREE_VARS:
    case KW_NAMES:
    case PRECALL: // see precallUnpackingBoundMethod for the one in-place rewrite
    case JUMP_FORWARD:
    case JUMP_BACKWARD:
    case JUMP_BACKWARD_NO_INTERRUPT:
        return use(0, 0);
    case UNARY_POSITIVE:
    case UNARY_NEGATIVE:
    case UNARY_NOT:
    case UNARY_INVERT:
    case GET_AITER:
    case GET_ITER:
    case GET_YIELD_FROM_ITER:
    case GET_AWAITABLE:
    case LIST_TO_TUPLE:
    case ASYNC_GEN_WRAP:
    case LOAD_ATTR:
    case CHECK_EXC_MATCH: // pops the type, pushes the verdict; the exception stays
    case YIELD_VALUE:     // pops the yielded value; resuming pushes the value sent in
        return use(1, 1);
    case PUSH_NULL:
    case LOAD_CONST:
    case LOAD_NAME:
    case LOAD_FAST:
    case LOAD_CLOSURE:
    case LOAD_DEREF:
    case LOAD_CLASSDEREF:
    case LOAD_BUILD_CLASS:
    case LOAD_ASSERTION_ERROR:
    case COPY:              // reads the nth entry
    case GET_LEN:           // reads the subject
    case MATCH_MAPPING:     // reads the subject
    case MATCH_SEQUENCE:    // reads the subject
    case MATCH_KEYS:        // reads the subject and the keys
    case IMPORT_FROM:       // reads the module
    case GET_ANEXT:         // reads the async iterator
    case WITH_EXCEPT_START: // reads __exit__ and the exception
        return use(0, 1);
    case LOAD_METHOD:       // obj → [method, obj] or [NULL, attribute]
    case PUSH_EXC_INFO:     // value → [previous exception, value]
    case BEFORE_WITH:       // manager → [__exit__, __enter__()]
    case BEFORE_ASYNC_WITH: // manager → [__aexit__, awaitable]
        return use(1, 2);
    case POP_TOP:
    case PRINT_EXPR:
    case RETURN_VALUE:
    case IMPORT_STAR:
    case POP_EXCEPT:
    case STORE_NAME:
    case STORE_GLOBAL:
    case STORE_FAST:
    case STORE_DEREF:
    case DELETE_ATTR:
    case RERAISE:     // raises: only what it popped before unwinding counts
    case LIST_APPEND: // the container below is changed in place, not replaced
    case SET_ADD:
    case LIST_EXTEND:
    case SET_UPDATE:
    case DICT_MERGE:
    case DICT_UPDATE:
    case POP_JUMP_FORWARD_IF_FALSE:
    case POP_JUMP_FORWARD_IF_TRUE:
    case POP_JUMP_FORWARD_IF_NONE:
    case POP_JUMP_FORWARD_IF_NOT_NONE:
    case POP_JUMP_BACKWARD_IF_FALSE:
    case POP_JUMP_BACKWARD_IF_TRUE:
    case POP_JUMP_BACKWARD_IF_NONE:
    case POP_JUMP_BACKWARD_IF_NOT_NONE:
        return use(1, 0);
    case BINARY_OP:
    case BINARY_SUBSCR:
    case COMPARE_OP:
    case IS_OP:
    case CONTAINS_OP:
    case IMPORT_NAME:       // level, fromlist → module
    case PREP_RERAISE_STAR: // original, list of raised → exception to reraise
        return use(2, 1);
    case CHECK_EG_MATCH: // exception group, type → [rest, match] (or [group, None])
        return use(2, 2);
    case STORE_ATTR:
    case DELETE_SUBSCR:
    case MAP_ADD:
    case END_ASYNC_FOR:
        return use(2, 0);
    case MATCH_CLASS: // subject, class, names → attributes or None
        return use(3, 1);
    case STORE_SUBSCR:
        return use(3, 0);
    case SWAP: // exchanges the top and the nth entry in place
        return use(arg, arg);
    case UNPACK_SEQUENCE:
        return use(1, arg);
    case UNPACK_EX: // names before the star, the starred list, names after it
        return use(1, (arg & 0xFF) + 1 + (arg >> 8));
    case BUILD_TUPLE:
    case BUILD_LIST:
    case BUILD_SET:
    case BUILD_STRING:
        return use(arg, 1);
    case BUILD_MAP:
        return use(2 * arg, 1);
    case BUILD_CONST_KEY_MAP: // the values and the keys tuple
        return use(arg + 1, 1);
    case BUILD_SLICE:
        return use(arg == 3 ? 3 : 2, 1);
    case RAISE_VARARGS:
        return use(arg, 0);
    case LOAD_GLOBAL: // a NULL below the value when the low bit is set
        return use(0, 1 + (arg & 1));
    case MAKE_FUNCTION: // the code object and one value per flag
        return use(1 + (arg & 1) + ((arg >> 1) & 1) + ((arg >> 2) & 1) + ((arg >> 3) & 1), 1);
    case CALL: // [NULL or method, callable or self, n arguments] → result
        return use(arg + 2, 1);
    case CALL_FUNCTION_EX: // NULL, callable, positional tuple (and the keyword dict)
        return use(3 + (arg & 1), 1);
    case FORMAT_VALUE: // the value, and the format spec when there is one
        return use((arg & 0x04) ? 2 : 1, 1);
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<StackUse> stackUse(int op, int arg, JumpMode jump) {
    StackUse taken, notTaken;
    switch (op) {
    case FOR_ITER: // reads the iterator and pushes the next item; pops it once exhausted
        taken = use(1, 0), notTaken = use(0, 1);
        break;
    case SEND: // pops the value sent; on return the receiver is replaced by the result
        taken = use(2, 1), notTaken = use(1, 1);
        break;
    case JUMP_IF_TRUE_OR_POP: // the value stays on the stack when it jumps
    case JUMP_IF_FALSE_OR_POP:
        taken = use(0, 0), notTaken = use(1, 0);
        break;
    default:
        return straightUse(op, arg);
    }
    switch (jump) {
    case JumpMode::Taken:
        return taken;
    case JumpMode::NotTaken:
        return notTaken;
    default:
        return taken.net() > notTaken.net() ? taken : notTaken;
    }
}

StackUse precallUnpackingBoundMethod(int arg) {
    return use(arg + 2, arg + 2);
}

StackUse yieldValueSuspending() {
    return use(1, 0);
}

} // namespace dynascope
