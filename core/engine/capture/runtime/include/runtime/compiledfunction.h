// CompiledFunction: the Python callable optimize() returns; calling it runs fn under capture.
#pragma once

#include <Python.h>

namespace dynascope {

// The type (ready after the first call). Requires the GIL.
PyTypeObject *compiledFunctionType();
// A new CompiledFunction, or null with a Python error set.
PyObject *newCompiledFunction(PyObject *fn, PyObject *backend, bool fullgraph, PyObject *dynamic);
// The wrapped callable when `object` is a CompiledFunction, else null (borrowed).
PyObject *compiledFunctionInner(PyObject *object);

} // namespace dynascope
