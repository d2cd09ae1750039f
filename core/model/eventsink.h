// EventSink: where a stage sends the events it produces (the worker's channel, a file, a test's
// list).
#pragma once

#include "model/event.h"

namespace dynascope {

class EventSink {
public:
    virtual ~EventSink() = default;
    // `event` is a JSON object with a "type" field. May be called from any thread.
    virtual void emit(const Json &event) = 0;
};

} // namespace dynascope
