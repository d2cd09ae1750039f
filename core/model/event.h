// One event of the worker's stream: a JSON object with a "type" field, one per line.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace dynascope {

using Json = nlohmann::json;

// The event types the worker emits. The stream is untrusted input to the reader.
namespace EventType {
inline constexpr const char *Hello = "hello";   // {version, pid}
inline constexpr const char *Output = "output"; // {stream: "stdout"|"stderr", text}
inline constexpr const char *Code = "code";     // CodeInfo: one code object and its instructions
inline constexpr const char *Error = "error";   // ScriptError
inline constexpr const char *Exit = "exit";     // {status}
inline constexpr const char *Step = "step";     // Step (record stage)
inline constexpr const char *RecordingStopped = "recording_stopped"; // {steps, reason}
inline constexpr const char *TraceStep = "trace_step"; // symbolic step (capture stage)
inline constexpr const char *Graph = "graph";   // CapturedGraph
inline constexpr const char *GraphBreak = "graph_break"; // GraphBreakInfo
inline constexpr const char *Guards = "guards"; // {function, entry, guards: [GuardInfo]}
inline constexpr const char *Call = "call";     // one compiled call: hit/miss/recompile, timings
inline constexpr const char *Kernels = "kernels"; // {records: [KernelGraphRecord]} after the run
inline constexpr const char *Timing = "timing";   // TimingReport ("Run compiled kernels")
} // namespace EventType

struct Event {
    std::string type;
    Json body; // the whole object, "type" included
};

// Serialises an event to one line of JSON (no trailing newline).
std::string encodeEvent(const Json &event);

// Parses one line; on failure returns nullopt and sets `error` to a message naming the problem.
std::optional<Event> decodeEvent(const std::string &line, std::string &error);

} // namespace dynascope
