// The version of the Graphviz library that lays out graphs (gvcVersion at run time).
#pragma once

#include <string>

namespace dynascope {

// "2.43.0": the version of the libgvc this process loaded, not the one it was built against.
std::string graphvizVersion();

} // namespace dynascope
