/* The C interface of framereader.c: what the recorder reads from CPython 3.11's private frame. */
#pragma once

#include <Python.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The frame's value stack, bottom first: sets *base and returns the number of entries (entries
   may be NULL, e.g. after PUSH_NULL). Returns -1 where the stack pointer is not saved, as at an
   exception event, which CPython reports while the instruction is half done. */
int dynascope_frame_stack(PyFrameObject *frame, PyObject ***base);

/* The byte offset of the instruction about to run (as PyFrame_GetLasti) and its line (as
   PyFrame_GetLineNumber; -1 where it has none), read in one go for the per-instruction path. */
void dynascope_frame_position(PyFrameObject *frame, int *offset, int *line);

/* The fast-locals array (locals, then cells, then free variables; co_nlocalsplus slots). */
PyObject **dynascope_frame_fast_locals(PyFrameObject *frame);

/* The mapping behind a non-optimised frame's names (module or class body; borrowed), or NULL. */
PyObject *dynascope_frame_locals_mapping(PyFrameObject *frame);

/* Which per-frame trace events CPython sends to the C trace function (f_trace_lines and
   f_trace_opcodes; maybe_call_line_trace reads them for every instruction). */
void dynascope_frame_set_events(PyFrameObject *frame, int lines, int opcodes);

/* The kind byte of fast-local slot i: CO_FAST_LOCAL 0x20, CO_FAST_CELL 0x40, CO_FAST_FREE 0x80. */
int dynascope_code_local_kind(PyCodeObject *code, int i);

#ifdef __cplusplus
}
#endif
