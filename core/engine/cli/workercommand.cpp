// Placeholder for `dynascope worker`; its stage replaces this file.
#include "cli/commands.h"

#include <cstdio>

namespace dynascope {

int workerCommand(const Args &) {
    std::fprintf(stderr, "dynascope: 'worker' is not built yet\n");
    return 2;
}

} // namespace dynascope
