// Frame hook: a thread-local "pending capture" names the code object whose next frame is ours.
#define Py_BUILD_CORE 1
#include "runtime/framehook.h"

#include <internal/pycore_frame.h>

namespace dynascope {

namespace {

struct PendingCapture {
    PyObject *code;
    const CaptureTarget *target;
};

thread_local PendingCapture *g_pending = nullptr;

PyObject *captureHook(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag) {
    PendingCapture *p = g_pending;
    if (p && !throwflag && reinterpret_cast<PyObject *>(frame->f_code) == p->code) {
        g_pending = nullptr;
        // Frames the captured one calls (break steps, graphs) run without the hook.
        _PyInterpreterState_SetEvalFrameFunc(tstate->interp, _PyEval_EvalFrameDefault);
        return runCapturedFrame(tstate, frame, *p->target);
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}

} // namespace

PyObject *callUnderCapture(PyObject *fn, PyObject *code, const CaptureTarget &target,
                           PyObject *args, PyObject *kwargs) {
    PyInterpreterState *interp = PyThreadState_Get()->interp;
    _PyFrameEvalFunction previous = _PyInterpreterState_GetEvalFrameFunc(interp);
    PendingCapture mine{code, &target};
    PendingCapture *saved = g_pending;
    g_pending = &mine;
    _PyInterpreterState_SetEvalFrameFunc(interp, captureHook);
    PyObject *result = PyObject_Call(fn, args, kwargs);
    g_pending = saved;
    _PyInterpreterState_SetEvalFrameFunc(interp, previous);
    return result;
}

} // namespace dynascope
