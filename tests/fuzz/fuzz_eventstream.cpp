// libFuzzer target: the worker's event stream as the GUI reads it, one JSON event a line, each
// decoded into the model's typed values.
#include "model/capturedigest.h"
#include "model/callrecord.h"
#include "model/event.h"
#include "model/graph.h"
#include "model/instruction.h"
#include "model/scripterror.h"
#include "model/step.h"
#include "model/stepstore.h"

#include <cstddef>
#include <cstdint>

namespace {

using namespace dynascope;

// A wrong field type is a json::exception the reader reports; anything else escaping is a bug.
template <typename T> void decodeAs(const Json &body) {
    try {
        (void)body.get<T>();
    } catch (const Json::exception &) {
    }
}

void decodeTyped(const Event &event) {
    if (event.type == EventType::Code)
        decodeAs<CodeInfo>(event.body);
    else if (event.type == EventType::Step) {
        decodeAs<Step>(event.body);
        StepStore store; // the GUI's intake of steps
        try {
            store.appendEvent(event.body);
        } catch (const Json::exception &) {
        }
    } else if (event.type == EventType::Error)
        decodeAs<ScriptError>(event.body);
    else if (event.type == EventType::Graph)
        decodeAs<CapturedGraph>(event.body);
    else if (event.type == EventType::GraphBreak)
        decodeAs<GraphBreakInfo>(event.body);
    else if (event.type == EventType::Guards)
        decodeAs<CacheEntryGuards>(event.body);
    else if (event.type == EventType::Call)
        decodeAs<CallRecord>(event.body);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string bytes(reinterpret_cast<const char *>(data), size);
    // The session's typed view of the stream: it must skip what it cannot read, never throw.
    CaptureDigest digest;
    size_t start = 0;
    while (start < bytes.size()) {
        size_t end = bytes.find('\n', start);
        if (end == std::string::npos)
            end = bytes.size();
        std::string error;
        std::optional<Event> event = decodeEvent(bytes.substr(start, end - start), error);
        if (event) {
            decodeTyped(*event);
            std::string why;
            if (!digest.add(*event, &why) && why.empty() &&
                (event->type == EventType::Graph || event->type == EventType::GraphBreak ||
                 event->type == EventType::TraceStep))
                __builtin_trap(); // a capture event left out must say why
        }
        else if (error.empty())
            __builtin_trap(); // a rejected line must say why
        start = end + 1;
    }
    return 0;
}
