// Placeholder: the bytecode stage replaces this with the real decoder.
#include "bytecode/codedescriber.h"

namespace dynascope {

std::vector<CodeInfo> describeCodeTree(PyObject *) { return {}; }

} // namespace dynascope
