/* Reads _PyInterpreterFrame, which only the core headers describe (hence C and Py_BUILD_CORE). */
#define Py_BUILD_CORE 1
#include "framereader.h"

#include <internal/pycore_code.h>
#include <internal/pycore_frame.h>

int dynascope_frame_stack(PyFrameObject *frame, PyObject ***base) {
    _PyInterpreterFrame *f = frame->f_frame;
    if (f == NULL)
        return -1;
    PyCodeObject *code = f->f_code;
    int bottom = code->co_nlocalsplus;
    /* The evaluation loop keeps stacktop at -1 while it holds the stack pointer in a register;
       anything outside [bottom, bottom + stacksize] is not a stack we can trust. */
    if (f->stacktop < bottom || f->stacktop > bottom + code->co_stacksize)
        return -1;
    *base = f->localsplus + bottom;
    return f->stacktop - bottom;
}

void dynascope_frame_position(PyFrameObject *frame, int *offset, int *line) {
    _PyInterpreterFrame *f = frame->f_frame;
    int lasti = f ? _PyInterpreterFrame_LASTI(f) : -1;
    *offset = lasti < 0 ? -1 : lasti * (int)sizeof(_Py_CODEUNIT);
    /* call_tracefunc sets f_lineno for the duration of each trace call. */
    *line = frame->f_lineno != 0 ? frame->f_lineno : PyFrame_GetLineNumber(frame);
}

PyObject **dynascope_frame_fast_locals(PyFrameObject *frame) {
    return frame->f_frame ? frame->f_frame->localsplus : NULL;
}

PyObject *dynascope_frame_locals_mapping(PyFrameObject *frame) {
    _PyInterpreterFrame *f = frame->f_frame;
    if (f == NULL || (f->f_code->co_flags & CO_OPTIMIZED))
        return NULL;
    return f->f_locals;
}

void dynascope_frame_set_events(PyFrameObject *frame, int lines, int opcodes) {
    frame->f_trace_lines = (char)(lines != 0);
    frame->f_trace_opcodes = (char)(opcodes != 0);
}

int dynascope_code_local_kind(PyCodeObject *code, int i) {
    return (unsigned char)PyBytes_AS_STRING(code->co_localspluskinds)[i];
}
