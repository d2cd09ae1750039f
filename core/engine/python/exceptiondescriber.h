// Turns a Python exception into model ScriptError: type, message, frames, syntax position, text.
#pragma once

#include "model/scripterror.h"

#include <Python.h>

namespace dynascope {

// `exception` is a normalised exception instance (its __traceback__ gives the frames). Requires
// the GIL; leaves no Python error set.
ScriptError describeException(PyObject *exception);

// The type's name as Python's traceback prints it: "ValueError", "json.decoder.JSONDecodeError".
std::string exceptionTypeName(PyObject *type);

} // namespace dynascope
