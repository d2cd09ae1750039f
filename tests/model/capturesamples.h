// Test helpers: valid .dscap captures built from real model values, for the reader's tests.
#pragma once

#include "model/capturefile.h"

#include <string>

namespace dynascope::test {

inline Step sampleStep(long long index, const std::string &opname, int line) {
    Step step;
    step.index = index;
    step.frame = 1 + index % 3;
    step.codeId = "c1";
    step.function = "f";
    step.file = "/tmp/demo.py";
    step.line = line;
    step.offset = static_cast<int>(2 * index);
    step.opname = opname;
    step.argrepr = opname == "BINARY_OP" ? "*" : "a";
    step.depth = 1;
    step.stack.push_back(StackValue{"int", "6", "", "", false});
    step.stack.push_back(
        StackValue{"Tensor", "tensor([1., 2.], shape=[2], dtype=float32)", "[2]", "float32", true});
    step.locals["c"] = "7";
    step.locals["name \xC3\xA9"] = "'caf\xC3\xA9'";
    return step;
}

// A capture holding every kind of event the typed views read: code, steps, an error, exit.
inline CaptureFile sampleCapture(int steps = 6) {
    CaptureFile capture;
    CodeInfo code;
    code.id = "c1";
    code.name = code.qualname = "f";
    code.filename = "/tmp/demo.py";
    code.firstLine = 1;
    Instruction instruction;
    instruction.offset = 2;
    instruction.opname = "LOAD_FAST";
    instruction.arg = 0;
    instruction.argrepr = "a";
    instruction.line = 2;
    code.instructions.push_back(instruction);
    Json codeEvent = code;
    codeEvent["type"] = EventType::Code;
    capture.append(codeEvent);
    const char *names[] = {"LOAD_FAST", "LOAD_FAST", "BINARY_OP", "STORE_FAST", "RETURN_VALUE"};
    for (int i = 0; i < steps; ++i) {
        Json step = sampleStep(i, names[i % 5], 2 + i / 3);
        step["type"] = EventType::Step;
        capture.append(step);
    }
    capture.append(Json{{"type", EventType::Output}, {"stream", "stdout"}, {"text", "7\n"}});
    ScriptError error;
    error.type = "ValueError";
    error.message = "bad";
    error.frames.push_back(TracebackFrame{"/tmp/demo.py", 3, "f"});
    error.formatted = "Traceback...\nValueError: bad\n";
    Json errorEvent = error;
    errorEvent["type"] = EventType::Error;
    capture.append(errorEvent);
    capture.append(
        Json{{"type", EventType::RecordingStopped}, {"steps", steps}, {"reason", "limit"}});
    capture.append(Json{{"type", EventType::Exit}, {"status", 1}});
    return capture;
}

// The capture as the bytes of a file.
inline std::string captureBytes(const CaptureFile &capture) {
    std::string bytes = encodeEvent(capture.header()) + "\n";
    for (const Event &event : capture.events())
        bytes += encodeEvent(event.body) + "\n";
    return bytes;
}

} // namespace dynascope::test
