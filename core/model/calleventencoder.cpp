// The `call` event, hand-written: one per compiled call, so it must cost well under a microsecond.
#include "model/calleventencoder.h"

#include "model/jsonlinewriter.h"

namespace dynascope {

using namespace jsonline;

namespace {

void appendVerdict(const EntryVerdict &v, std::string &out) {
    out += '{';
    if (!v.hit) {
        const CompactFailure &f = v.failure;
        appendKey("actual", out);
        appendString(f.actual, out);
        out += ',';
        appendKey("check", out);
        appendString(f.check, out);
        out += ',';
        appendKey("entry", out);
        appendInteger(v.entry, out);
        out += ',';
        if (f.expected) {
            appendKey("expected", out);
            appendString(*f.expected, out);
            out += ',';
        }
        appendKey("guard", out);
        appendInteger(f.guardIndex, out);
        out += ',';
    } else {
        appendKey("entry", out);
        appendInteger(v.entry, out);
        out += ',';
    }
    appendKey("hit", out);
    out += v.hit ? "true" : "false";
    if (v.last != v.entry) {
        out += ',';
        appendKey("last", out);
        appendInteger(v.last, out);
    }
    if (!v.hit && v.failure.message) {
        out += ',';
        appendKey("message", out);
        appendString(*v.failure.message, out);
    }
    out += '}';
}

void appendRegion(const RegionCall &r, std::string &out) {
    out += '{';
    appendKey("entry", out);
    appendInteger(r.entry, out);
    out += ',';
    appendKey("region_start", out);
    appendInteger(r.regionStart, out);
    out += ',';
    appendKey("result", out);
    out += '"';
    out += callOutcomeName(r.outcome);
    out += "\",";
    appendKey("tried", out);
    out += '[';
    for (size_t i = 0; i < r.tried.size(); ++i) {
        if (i)
            out += ',';
        appendVerdict(r.tried[i], out);
    }
    out += ']';
    if (r.uncaptured)
        out += ",\"uncaptured\":true";
    out += '}';
}

} // namespace

void CallEventEncoder::append(const CallRecord &call, const std::string &function,
                              std::string &out) {
    bool uncaptured = false;
    for (const RegionCall &r : call.regions)
        uncaptured = uncaptured || r.uncaptured;
    out += '{';
    appendKey("function", out);
    appendString(function, out);
    out += ',';
    appendKey("guard_us", out);
    appendDouble(call.guardUs, out);
    out += ',';
    appendKey("index", out);
    appendInteger(call.index, out);
    out += ',';
    appendKey("regions", out);
    out += '[';
    for (size_t i = 0; i < call.regions.size(); ++i) {
        if (i)
            out += ',';
        appendRegion(call.regions[i], out);
    }
    out += "],";
    appendKey("result", out);
    out += '"';
    out += callOutcomeName(call.outcome());
    out += "\",";
    if (call.step >= 0) {
        appendKey("step", out);
        appendInteger(call.step, out);
        out += ',';
    }
    appendKey("time_us", out);
    appendDouble(call.timeUs, out);
    out += ",\"type\":\"call\",";
    appendKey("uncaptured", out);
    out += uncaptured ? "true}" : "false}";
}

std::string CallEventEncoder::encode(const CallRecord &call, const std::string &function) {
    std::string out;
    append(call, function, out);
    return out;
}

} // namespace dynascope
