// The process-wide capture event sinks and the recorder's step source.
#include "runtime/captureevents.h"

namespace dynascope {

namespace {
CaptureEventSink &sink() {
    static CaptureEventSink s;
    return s;
}
CallEventSink &callSink() {
    static CallEventSink s;
    return s;
}
RecordedStepSource &stepSource() {
    static RecordedStepSource s;
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

void setCallEventSink(CallEventSink s) {
    callSink() = std::move(s);
}
bool hasAnyCallSink() {
    return callSink() || sink();
}
void emitCallEvent(const CallRecord &call, const std::string &function) {
    if (callSink()) {
        callSink()(call, function);
        return;
    }
    if (!sink())
        return;
    Json j = call;
    j["type"] = EventType::Call;
    j["function"] = function;
    sink()(j);
}

void setRecordedStepSource(RecordedStepSource source) {
    stepSource() = std::move(source);
}
long long currentRecordedStep() {
    return stepSource() ? stepSource()() : -1;
}

} // namespace dynascope
