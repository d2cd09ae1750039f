// Placeholder for `dynascope run`; its stage replaces this file.
#include "cli/commands.h"

#include <cstdio>

namespace dynascope {

int runCommand(const Args &) {
    std::fprintf(stderr, "dynascope: 'run' is not built yet\n");
    return 2;
}

} // namespace dynascope
