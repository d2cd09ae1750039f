// TransformedCode: a cache entry written as the Python Dynamo's transformed bytecode amounts to,
// as depyf shows it: the graph called as __compiled_fn_N(...), the frame's locals and stack
// rebuilt from its outputs, the graph-break step CPython performs, and the call of the next
// region as __resume_at_<offset>_N(...).
#pragma once

#include "runtime/coderecord.h"

#include <string>
#include <vector>

namespace dynascope {

struct TransformedCodeInput {
    std::string function;                // qualified name of the compiled function
    std::vector<std::string> parameters; // the code object's parameters (region 0)
    std::vector<std::string> localNames; // co_localsplusnames, by slot
    int regionStart = 0;
    int entryNumber = 0; // the function's cache entry number (0-based)
};

// The text of one cache entry (a def, its body and a comment naming the entry).
std::string transformedCode(const TransformedCodeInput &in, const CacheEntry &entry);

} // namespace dynascope
