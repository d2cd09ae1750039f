// The capture stage's event sink: graph, graph_break, guards, call and trace_step events
// (model/event.h names) go to whoever installed it (the worker streams them).
#pragma once

#include "model/event.h"

#include <functional>

namespace dynascope {

using CaptureEventSink = std::function<void(const Json &)>;

void setCaptureEventSink(CaptureEventSink sink);
bool hasCaptureEventSink();
void emitCaptureEvent(const Json &event);

} // namespace dynascope
