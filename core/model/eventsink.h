// EventSink: where a stage sends the events it produces (the worker's channel, a file, a test's
// list).
#pragma once

#include "model/callrecord.h"
#include "model/event.h"

#include <string>

namespace dynascope {

class EventSink {
public:
    virtual ~EventSink() = default;
    // `event` is a JSON object with a "type" field. May be called from any thread.
    virtual void emit(const Json &event) = 0;
    // One compiled call (a `call` event of `function`). A sink on the hot path overrides it to
    // encode without Json and write in batches; this one hands the Json to emit().
    virtual void emitCall(const CallRecord &call, const std::string &function) {
        Json j = call;
        j["type"] = EventType::Call;
        j["function"] = function;
        emit(j);
    }
};

} // namespace dynascope
