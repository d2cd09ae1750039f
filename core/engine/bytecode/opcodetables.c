/* CPython 3.11's own opcode tables (names, inline-cache counts, deopt map), compiled from
 * internal/pycore_opcode.h. The header fills them with C designated initialisers, which C++
 * rejects, and libpython does not export them, so this C file instantiates private copies. */
#include <stdint.h>

#include "opcodetables.h"

/* Rename the tables so they never clash with libpython's own (unexported) definitions. */
#define _PyOpcode_Caches dynascope_pyopcode_caches
#define _PyOpcode_Deopt dynascope_pyopcode_deopt
#define Py_BUILD_CORE 1
#define NEED_OPCODE_TABLES 1
/* The name table is only compiled for debug builds; it needs nothing else from Py_DEBUG, and
 * no other Python header is included here, so defining it cannot change any object layout. */
#define Py_DEBUG 1
#include <internal/pycore_opcode.h>

const char *dynascope_opcode_name(int opcode) {
    if (opcode < 0 || opcode > 255)
        return 0;
    return _PyOpcode_OpName[opcode];
}

int dynascope_opcode_deopt(int opcode) {
    if (opcode < 0 || opcode > 255)
        return 0;
    return _PyOpcode_Deopt[opcode];
}

int dynascope_opcode_caches(int opcode) {
    if (opcode < 0 || opcode > 255)
        return 0;
    return _PyOpcode_Caches[opcode];
}

int dynascope_opcode_is_jump(int opcode) {
    if (opcode < 0 || opcode > 255)
        return 0;
    return (_PyOpcode_Jump[opcode >> 5] >> (opcode & 31)) & 1;
}
