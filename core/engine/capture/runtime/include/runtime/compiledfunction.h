// CompiledFunction: the Python callable optimize() returns; calling it runs fn under capture.
#pragma once

#include <Python.h>

namespace dynascope {

// The type (ready after the first call). Requires the GIL.
PyTypeObject *compiledFunctionType();
// A new CompiledFunction, or null with a Python error set.
PyObject *newCompiledFunction(PyObject *fn, PyObject *backend, bool fullgraph, PyObject *dynamic);
// torch._dynamo.run(fn): the innermost function of `fn` (a CompiledFunction's own function, or
// fn), called with its code's caches only: a miss runs in CPython, nothing is compiled.
PyObject *newCacheOnlyFunction(PyObject *fn);
// The wrapped callable when `object` is a CompiledFunction, else null (borrowed).
PyObject *compiledFunctionInner(PyObject *object);

} // namespace dynascope
