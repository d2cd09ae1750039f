// JSON codec for Step, in the shape `dynascope trace --json` prints.
#include "model/step.h"

namespace dynascope {

namespace {
// A stack count as written by the recorder, or -1 when absent or not a sensible count.
int stackCount(const Json &j, const char *key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return -1;
    const long long n = it->get<long long>();
    return n >= 0 && n <= (1 << 20) ? static_cast<int>(n) : -1;
}
} // namespace

void to_json(Json &j, const StackValue &v) {
    j = Json{{"type", v.type}, {"repr", v.repr}};
    if (!v.shape.empty() || !v.dtype.empty()) {
        j["shape"] = v.shape;
        j["dtype"] = v.dtype;
        j["requires_grad"] = v.requiresGrad;
        if (!v.stride.empty())
            j["stride"] = v.stride;
    }
}

void from_json(const Json &j, StackValue &v) {
    v.type = j.value("type", std::string());
    v.repr = j.value("repr", std::string());
    v.shape = j.value("shape", std::string());
    v.dtype = j.value("dtype", std::string());
    v.requiresGrad = j.value("requires_grad", false);
    v.stride = j.value("stride", std::string()); // absent in captures before it was recorded
}

void to_json(Json &j, const Step &s) {
    j = Json{{"step", s.index},        {"frame", s.frame},   {"code", s.codeId},
             {"function", s.function}, {"file", s.file},     {"line", s.line},
             {"offset", s.offset},     {"opname", s.opname}, {"arg", s.arg},
             {"argrepr", s.argrepr},   {"depth", s.depth},   {"event", s.event},
             {"stack", s.stack},       {"locals", s.locals}};
    if (s.pops >= 0 && s.pushes >= 0) {
        j["pops"] = s.pops;
        j["pushes"] = s.pushes;
    }
}

void from_json(const Json &j, Step &s) {
    s.index = j.value("step", 0LL);
    s.frame = j.value("frame", 0LL);
    s.codeId = j.value("code", std::string());
    s.function = j.value("function", std::string());
    s.file = j.value("file", std::string());
    s.line = j.value("line", 0);
    s.offset = j.value("offset", 0);
    s.opname = j.value("opname", std::string());
    s.arg = j.value("arg", -1);
    s.argrepr = j.value("argrepr", std::string());
    s.depth = j.value("depth", 0);
    s.event = j.value("event", std::string("instruction"));
    // Both counts or neither: a capture from an older recorder, or a bad value, leaves the
    // stepper to work them out from the two stacks.
    s.pops = stackCount(j, "pops");
    s.pushes = stackCount(j, "pushes");
    if (s.pops < 0 || s.pushes < 0)
        s.pops = s.pushes = -1;
    s.stack.clear();
    if (auto it = j.find("stack"); it != j.end() && it->is_array())
        for (const Json &v : *it)
            s.stack.push_back(v.get<StackValue>());
    s.locals.clear();
    if (auto it = j.find("locals"); it != j.end() && it->is_object())
        for (auto &[name, value] : it->items())
            s.locals[name] = value.is_string() ? value.get<std::string>() : value.dump();
}

} // namespace dynascope
