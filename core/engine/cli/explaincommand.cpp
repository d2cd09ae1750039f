// Placeholder for `dynascope explain`; its stage replaces this file.
#include "cli/commands.h"

#include <cstdio>

namespace dynascope {

int explainCommand(const Args &) {
    std::fprintf(stderr, "dynascope: 'explain' is not built yet\n");
    return 2;
}

} // namespace dynascope
