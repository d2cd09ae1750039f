// JSON codec for trace steps; tolerant of missing fields (the stream is untrusted).
#include "model/tracestep.h"

namespace dynascope {

namespace {
// Lists of names; an element that is not a string (a hand-edited capture) is kept as its JSON.
std::vector<std::string> names(const Json &j, const char *key) {
    std::vector<std::string> out;
    if (auto it = j.find(key); it != j.end() && it->is_array())
        for (const Json &e : *it)
            out.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    return out;
}
} // namespace

void to_json(Json &j, const TraceStep &s) {
    j = Json{{"index", s.index},   {"function", s.function}, {"file", s.file},
             {"region_start", s.regionStart}, {"offset", s.offset}, {"opname", s.opname},
             {"line", s.line},     {"depth", s.depth},       {"stack", s.stack},
             {"nodes", s.nodes},   {"guards", s.guards}};
    if (!s.arg.empty())
        j["arg"] = s.arg;
}

void from_json(const Json &j, TraceStep &s) {
    s.index = j.value("index", 0);
    s.function = j.value("function", std::string());
    s.file = j.value("file", std::string());
    s.regionStart = j.value("region_start", 0);
    s.offset = j.value("offset", -1);
    s.opname = j.value("opname", std::string());
    // Captures before the typed event wrote the argument as a number (or null for none).
    s.arg.clear();
    if (auto it = j.find("arg"); it != j.end() && !it->is_null())
        s.arg = it->is_string() ? it->get<std::string>() : it->dump();
    s.line = j.value("line", 0);
    s.depth = j.value("depth", 0);
    s.stack = names(j, "stack");
    s.nodes = names(j, "nodes");
    s.guards = names(j, "guards");
}

} // namespace dynascope
