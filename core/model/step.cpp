// JSON codec for Step, in the shape `dynascope trace --json` prints.
#include "model/step.h"

namespace dynascope {

void to_json(Json &j, const StackValue &v) {
    j = Json{{"type", v.type}, {"repr", v.repr}};
    if (!v.shape.empty() || !v.dtype.empty()) {
        j["shape"] = v.shape;
        j["dtype"] = v.dtype;
        j["requires_grad"] = v.requiresGrad;
    }
}

void from_json(const Json &j, StackValue &v) {
    v.type = j.value("type", std::string());
    v.repr = j.value("repr", std::string());
    v.shape = j.value("shape", std::string());
    v.dtype = j.value("dtype", std::string());
    v.requiresGrad = j.value("requires_grad", false);
}

void to_json(Json &j, const Step &s) {
    j = Json{{"step", s.index},        {"frame", s.frame},   {"code", s.codeId},
             {"function", s.function}, {"file", s.file},     {"line", s.line},
             {"offset", s.offset},     {"opname", s.opname}, {"arg", s.arg},
             {"argrepr", s.argrepr},   {"depth", s.depth},   {"event", s.event},
             {"stack", s.stack},       {"locals", s.locals}};
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
