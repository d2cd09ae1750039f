/* The C interface of opcodetables.c: CPython 3.11's generated opcode tables, by opcode. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* The opcode's name (specialised ones included), or null where the byte names no opcode. */
const char *dynascope_opcode_name(int opcode);
/* The base opcode of a specialised/adaptive one; the opcode itself for a base one; 0 if unused. */
int dynascope_opcode_deopt(int opcode);
/* Inline CACHE code units that follow the (base) opcode. */
int dynascope_opcode_caches(int opcode);
/* Whether the (base) opcode jumps (relative, in 3.11). */
int dynascope_opcode_is_jump(int opcode);

#ifdef __cplusplus
}
#endif
