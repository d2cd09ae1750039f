// RegionRunner: runs one frame of a compiled function as a chain of regions (ARCHITECTURE §3):
// cache lookup with guards, trace and compile on a miss, graph call, exit rebuild, the break
// step done concretely, and CPython taking over where the chain cannot go on.
#pragma once

#include "python/pyref.h"
#include "shapes/shapepolicy.h"

namespace dynascope {

struct CodeRecord;

struct CaptureTarget {
    PyRef backend;
    bool fullgraph = false;
    ShapePolicy::Mode mode = ShapePolicy::Mode::Automatic;
    // torch._dynamo.run(): use the cache entries there are, whichever backend made them, and run
    // a miss in CPython instead of compiling.
    bool cacheOnly = false;
    // The code record last used with this target (valid while the registry's generation holds).
    mutable CodeRecord *record = nullptr;
    mutable PyObject *recordCode = nullptr;
    mutable long generation = -1;
};

// `frame` is the _PyInterpreterFrame the PEP 523 hook received. Returns a new reference, or
// null with a Python error set (as the eval function must).
PyObject *runCapturedFrame(PyThreadState *tstate, void *frame, const CaptureTarget &target);

// The exception class fullgraph=True raises on a graph break (_dynascope_capture.Unsupported).
PyObject *unsupportedError();
// torch._dynamo.utils.counters["graph_break"]: the shim's callable, called with each graph
// break's reason as it is recorded (once per compile, as Dynamo counts). nullptr: none.
void setBreakCounter(PyObject *fn);
// Its subclass for a user_error break (Dynamo's torch._dynamo.exc.UserError).
PyObject *userError();
// The exception class a bug in the tracer raises (_dynascope_capture.InternalError).
PyObject *internalError();

} // namespace dynascope
