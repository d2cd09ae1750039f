// graphvizVersion(): asks the process's GVC context for the library's version.
#include "layout/graphvizversion.h"

#include "private/graphvizsession.h"

namespace dynascope {

std::string graphvizVersion() {
    std::lock_guard<std::mutex> lock(graphvizMutex());
    GVC_t *context = graphvizContext();
    const char *version = context ? gvcVersion(context) : nullptr;
    return version ? version : "unknown";
}

} // namespace dynascope
