// Describes a code object (and every code object nested in its constants) as model CodeInfo.
#pragma once

#include "model/instruction.h"

#include <Python.h>

#include <vector>

namespace dynascope {

// Depth-first: the code object itself first, then nested ones in constant order. Ids are
// "c1", "c2", … in that order. Requires the GIL.
std::vector<CodeInfo> describeCodeTree(PyObject *code);

} // namespace dynascope
