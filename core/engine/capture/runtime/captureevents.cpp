// The process-wide capture event sink.
#include "runtime/captureevents.h"

namespace dynascope {

namespace {
CaptureEventSink &sink() {
    static CaptureEventSink s;
    return s;
}
} // namespace

void setCaptureEventSink(CaptureEventSink s) {
    sink() = std::move(s);
}
bool hasCaptureEventSink() {
    return static_cast<bool>(sink());
}
void emitCaptureEvent(const Json &event) {
    if (sink())
        sink()(event);
}

} // namespace dynascope
