// Frame hook: a thread-local "pending capture" names the code object whose next frame is ours.
#define Py_BUILD_CORE 1
#include "runtime/framehook.h"

#include "python/pyref.h"

#include <frameobject.h>
#include <internal/pycore_frame.h>

#include <pthread.h>

namespace dynascope {

namespace {

// What is left of this thread's C stack below the caller, in bytes (large when unknown).
size_t cStackLeft() {
    thread_local char *low = [] {
        pthread_attr_t attr;
        void *base = nullptr;
        size_t size = 0;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &base, &size);
            pthread_attr_destroy(&attr);
        }
        return static_cast<char *>(base);
    }();
    char here;
    return low && &here > low ? static_cast<size_t>(&here - low) : SIZE_MAX;
}

// A captured frame runs in C++ (region runner, tracer), not in CPython's loop, so it counts
// itself against the recursion limit as a Python frame does; and since each such frame takes
// far more C stack than a Python one, it stops before the stack ends even under a raised limit.
constexpr size_t kStackReserve = 512 * 1024;

bool enterCapturedFrame() {
    if (Py_EnterRecursiveCall(""))
        return false;
    if (cStackLeft() < kStackReserve) {
        Py_LeaveRecursiveCall();
        PyErr_SetString(PyExc_RecursionError,
                        "maximum recursion depth exceeded (the C stack is nearly full)");
        return false;
    }
    return true;
}

struct PendingCapture {
    PyObject *code;
    const CaptureTarget *target;
};

thread_local PendingCapture *g_pending = nullptr;

// An exception leaving a frame that the region runner ran in C++ (a break step's call) gets the
// traceback line CPython's loop would have added for it: the instruction at frame->prev_instr.
// A frame whose rest ran in CPython's loop (resumeNative) has its line already.
void addTracebackEntry(PyThreadState *tstate, _PyInterpreterFrame *frame) {
    auto *top = reinterpret_cast<PyTracebackObject *>(tstate->curexc_traceback);
    if (!PyErr_Occurred() || (frame->frame_obj && top && top->tb_frame == frame->frame_obj))
        return;
    PyRef fresh;
    PyFrameObject *entry = frame->frame_obj;
    if (!entry) {
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        fresh = PyRef::steal(reinterpret_cast<PyObject *>(
            PyFrame_New(tstate, frame->f_code, frame->f_globals, nullptr)));
        PyErr_Restore(type, value, traceback);
        if (!fresh)
            return;
        entry = reinterpret_cast<PyFrameObject *>(fresh.get());
        entry->f_frame->prev_instr = frame->prev_instr;
    }
    PyTraceBack_Here(entry);
}

PyObject *captureHook(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag) {
    PendingCapture *p = g_pending;
    if (p && !throwflag && reinterpret_cast<PyObject *>(frame->f_code) == p->code) {
        g_pending = nullptr;
        // Frames the captured one calls (break steps, graphs) run without the hook.
        _PyInterpreterState_SetEvalFrameFunc(tstate->interp, _PyEval_EvalFrameDefault);
        if (!enterCapturedFrame())
            return nullptr;
        PyObject *result = runCapturedFrame(tstate, frame, *p->target);
        Py_LeaveRecursiveCall();
        if (!result)
            addTracebackEntry(tstate, frame);
        return result;
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}

} // namespace

PyObject *evalFrameInCPython(PyThreadState *tstate, _PyInterpreterFrame *frame) {
    Py_LeaveRecursiveCall();
    PyObject *result = _PyEval_EvalFrameDefault(tstate, frame, 0);
    --tstate->recursion_remaining; // taken back unchecked: the hook gives it up on return
    return result;
}

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
