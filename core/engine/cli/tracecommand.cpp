// Placeholder for `dynascope trace`; its stage replaces this file.
#include "cli/commands.h"

#include <cstdio>

namespace dynascope {

int traceCommand(const Args &) {
    std::fprintf(stderr, "dynascope: 'trace' is not built yet\n");
    return 2;
}

} // namespace dynascope
