// A hand-written serialiser for the Step event, in nlohmann's key order (sorted) and escaping.
#include "record/stepencoder.h"

#include "model/jsonlinewriter.h"

namespace dynascope {

using namespace jsonline;

void StepEncoder::append(const Step &step, std::string &out) {
    // Keys in the sorted order nlohmann's std::map-backed objects print.
    out += '{';
    appendKey("arg", out);
    appendInteger(step.arg, out);
    out += ',';
    appendKey("argrepr", out);
    appendString(step.argrepr, out);
    out += ',';
    appendKey("code", out);
    appendString(step.codeId, out);
    out += ',';
    appendKey("depth", out);
    appendInteger(step.depth, out);
    out += ',';
    appendKey("event", out);
    appendString(step.event, out);
    out += ',';
    appendKey("file", out);
    appendString(step.file, out);
    out += ',';
    appendKey("frame", out);
    appendInteger(step.frame, out);
    out += ',';
    appendKey("function", out);
    appendString(step.function, out);
    out += ',';
    appendKey("line", out);
    appendInteger(step.line, out);
    out += ',';
    appendKey("locals", out);
    out += '{';
    bool first = true;
    for (const auto &[name, repr] : step.locals) {
        if (!first)
            out += ',';
        first = false;
        appendString(name, out);
        out += ':';
        appendString(repr, out);
    }
    out += "},";
    appendKey("offset", out);
    appendInteger(step.offset, out);
    out += ',';
    appendKey("opname", out);
    appendString(step.opname, out);
    out += ',';
    if (step.pops >= 0 && step.pushes >= 0) {
        appendKey("pops", out);
        appendInteger(step.pops, out);
        out += ',';
        appendKey("pushes", out);
        appendInteger(step.pushes, out);
        out += ',';
    }
    appendKey("stack", out);
    out += '[';
    for (size_t i = 0; i < step.stack.size(); ++i) {
        const StackValue &v = step.stack[i];
        out += i ? ",{" : "{";
        if (!v.shape.empty() || !v.dtype.empty()) {
            appendKey("dtype", out);
            appendString(v.dtype, out);
            out += ',';
            appendKey("repr", out);
            appendString(v.repr, out);
            out += ',';
            appendKey("requires_grad", out);
            out += v.requiresGrad ? "true," : "false,";
            appendKey("shape", out);
            appendString(v.shape, out);
            out += ',';
        } else {
            appendKey("repr", out);
            appendString(v.repr, out);
            out += ',';
        }
        appendKey("type", out);
        appendString(v.type, out);
        out += '}';
    }
    out += "],";
    appendKey("step", out);
    appendInteger(step.index, out);
    out += ",\"type\":\"step\"}";
}

std::string StepEncoder::encode(const Step &step) {
    std::string out;
    append(step, out);
    return out;
}

} // namespace dynascope
