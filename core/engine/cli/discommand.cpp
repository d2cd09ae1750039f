// Placeholder for `dynascope dis`; its stage replaces this file.
#include "cli/commands.h"

#include <cstdio>

namespace dynascope {

int disCommand(const Args &) {
    std::fprintf(stderr, "dynascope: 'dis' is not built yet\n");
    return 2;
}

} // namespace dynascope
