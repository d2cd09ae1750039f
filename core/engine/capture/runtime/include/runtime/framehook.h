// The PEP 523 frame hook: installed only while a compiled function's call is on its way to its
// own frame, so every other frame runs at full speed in CPython.
#pragma once

#include "runtime/regionrunner.h"

namespace dynascope {

// Calls fn(*args, **kwargs); the first frame running `code` is handed to the region chain.
PyObject *callUnderCapture(PyObject *fn, PyObject *code, const CaptureTarget &target,
                           PyObject *args, PyObject *kwargs);

// Runs a captured frame (or its rest) in CPython's own loop. The hook counted the frame against
// the recursion limit; the loop counts it again, so the hook's count is handed back meanwhile.
PyObject *evalFrameInCPython(PyThreadState *tstate, struct _PyInterpreterFrame *frame);

} // namespace dynascope
