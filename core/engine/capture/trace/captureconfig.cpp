// CaptureConfig: one instance per process (the interpreter is one per process).
#include "trace/captureconfig.h"

namespace dynascope {

CaptureConfig &CaptureConfig::instance() {
    static CaptureConfig config;
    return config;
}

} // namespace dynascope
