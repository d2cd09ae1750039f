// The capture stage's event sink: graph, graph_break, guards, call and trace_step events
// (model/event.h names) go to whoever installed it (the worker streams them).
#pragma once

#include "model/callrecord.h"
#include "model/event.h"

#include <functional>
#include <string>

namespace dynascope {

using CaptureEventSink = std::function<void(const Json &)>;

void setCaptureEventSink(CaptureEventSink sink);
bool hasCaptureEventSink();
void emitCaptureEvent(const Json &event);

// Call events have a path of their own, because there is one per compiled call and a hit costs
// well under a microsecond: the worker encodes the record without building Json and writes
// calls in batches (cli/workereventchannel.h). Without a call sink, a call goes to the event
// sink as Json (the body of a `call` event, as CallRecord's to_json writes it).
using CallEventSink = std::function<void(const CallRecord &call, const std::string &function)>;
void setCallEventSink(CallEventSink sink);
bool hasAnyCallSink();
void emitCallEvent(const CallRecord &call, const std::string &function);

// Where the recorder stands: the Step::index of the step being recorded (the caller's CALL when
// a compiled function is entered), or -1. The worker lends the recorder's count; a call record
// keeps it as `step`, so the stepper can place the call on its timeline.
using RecordedStepSource = std::function<long long()>;
void setRecordedStepSource(RecordedStepSource source);
long long currentRecordedStep();

} // namespace dynascope
