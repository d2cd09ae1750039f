// Recorder: records every instruction of a real run as Step events (opcode-level trace function).
#pragma once

#include "model/event.h"
#include "model/step.h"

#include <functional>
#include <memory>
#include <string>

namespace dynascope {

struct RecorderOptions {
    long long maxSteps = 100000; // steps (instructions and call/return/exception events)
    bool includeLibrary = false; // also record the standard library and installed packages
    std::string scriptPath;      // files under its folder are the script's own code
    bool emitCode = true;        // send a "code" event (CodeInfo) before a code object's 1st step
    // Code ids are PREFIX1, PREFIX2, … in first-call order (Step::codeId names them). Pick a
    // prefix no other producer of "code" events in the same stream uses.
    std::string codeIdPrefix = "c";
};

// How steps relate to CPython (see docs in record/README.md):
// - Step N is created when CPython's opcode event fires before instruction N. Its stack and
//   changed locals are those seen at the next event of the same frame, i.e. after instruction
//   N ran: the next instruction, the frame's return (stack after RETURN_VALUE is empty; the
//   returned value is in the following "return" step) or its exception event (the instruction
//   raised; no stack after it exists, so the step's stack is empty).
// - So a step is sent when it completes. A CALL into recorded code completes after the
//   callee's steps: steps arrive in completion order; sort by Step::index for execution order.
class Recorder {
public:
    using EventSink = std::function<void(const Json &event)>;
    using StepSink = std::function<void(const Step &step)>;

    explicit Recorder(RecorderOptions options = {});
    ~Recorder(); // stops recording
    Recorder(const Recorder &) = delete;
    Recorder &operator=(const Recorder &) = delete;

    // JSON events: "code", "step" (a Step with "type"), "recording_stopped" {steps, reason}.
    void setEventSink(EventSink sink);
    // Typed steps, without JSON (cheaper); may be set together with the event sink.
    void setStepSink(StepSink sink);
    // The same events as the event sink, as encodeEvent() lines (no newline), made without
    // building Json for steps: the fast way to a stream or a capture file.
    using LineSink = std::function<void(const std::string &line)>;
    void setLineSink(LineSink sink);

    // Installs the trace function on the calling thread (requires the GIL).
    void start();
    // Sends the steps still waiting for their frame (stack as it is now), then uninstalls.
    void stop();

    long long steps() const;   // steps recorded so far
    bool limitReached() const; // recording ended at maxSteps
    // Set when a sink threw: recording stopped there (the script carried on).
    const std::string &error() const;

    class Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace dynascope
