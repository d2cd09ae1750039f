// The capture core's C++ call path for graphs of generated kernels and extern matmuls (issue 9):
// the inductor backend hands each ready plan without fallbacks to the core (native_plan,
// attach_native_plan), and a cache hit whose inputs have a plan's signature runs its program from
// C++, no Python runner between; a training plan's halves call theirs (run_native_plan).
#pragma once

#include "python/pyref.h"

#include <Python.h>

#include <vector>

namespace dynascope {

enum class NativeCall { NotServed, Served, Failed };

// Runs `compiled` (a cache entry's backend callable) on `args` (a tuple) through one of its
// native plans and appends the outputs. NotServed (nothing changed) when it has none for these
// inputs, or under grad mode when a parameter it reads requires grad (the Python side decides on
// training); Failed with a Python error.
NativeCall callNativeKernels(PyObject *compiled, PyObject *args, std::vector<PyRef> &outputs);

// native_plan, attach_native_plan, run_native_plan, native_calls, call_native, native_externs
// and native_allocator on _dynascope_capture.
bool addNativeKernelFunctions(PyObject *module);

} // namespace dynascope
