// graphvizVersion(): asks a fresh GVC context for the library's version.
#include "layout/graphvizversion.h"

#include "private/graphvizsession.h"

namespace dynascope {

std::string graphvizVersion() {
    std::lock_guard<std::mutex> lock(graphvizMutex());
    GVC_t *context = gvContext();
    const char *version = context ? gvcVersion(context) : nullptr;
    std::string text = version ? version : "unknown";
    if (context)
        gvFreeContext(context);
    return text;
}

} // namespace dynascope
