// JSON codec for graphs, breaks and guards; tolerant of missing fields (the stream is untrusted).
#include "model/graph.h"

namespace dynascope {

namespace {
template <typename T> std::vector<T> getArray(const Json &j, const char *key) {
    std::vector<T> out;
    if (auto it = j.find(key); it != j.end() && it->is_array())
        for (const Json &e : *it)
            out.push_back(e.get<T>());
    return out;
}
} // namespace

bool isExplainOp(const GraphNode &node) {
    return node.op == "call_function";
}

int opCount(const CapturedGraph &graph) {
    int n = 0;
    for (const GraphNode &node : graph.nodes)
        n += isExplainOp(node);
    return n;
}

void to_json(Json &j, const SourceSite &s) {
    j = Json{{"file", s.file}, {"line", s.line}, {"offset", s.offset},
             {"function", s.function}, {"code", s.codeId}};
}
void from_json(const Json &j, SourceSite &s) {
    s.file = j.value("file", std::string());
    s.line = j.value("line", 0);
    s.offset = j.value("offset", -1);
    s.function = j.value("function", std::string());
    s.codeId = j.value("code", std::string());
}

void to_json(Json &j, const GraphNode &n) {
    j = Json{{"name", n.name},   {"op", n.op},       {"target", n.target},
             {"args", n.args},   {"shape", n.shape}, {"dtype", n.dtype},
             {"site", n.site},   {"inline_stack", n.inlineStack}, {"trace_step", n.traceStep}};
}
void from_json(const Json &j, GraphNode &n) {
    n.name = j.value("name", std::string());
    n.op = j.value("op", std::string());
    n.target = j.value("target", std::string());
    n.args = getArray<std::string>(j, "args");
    n.shape = j.value("shape", std::string());
    n.dtype = j.value("dtype", std::string());
    if (auto it = j.find("site"); it != j.end() && it->is_object())
        n.site = it->get<SourceSite>();
    n.inlineStack = getArray<SourceSite>(j, "inline_stack");
    n.traceStep = j.value("trace_step", -1);
}

void to_json(Json &j, const CapturedGraph &g) {
    j = Json{{"id", g.id}, {"function", g.function}, {"region_start", g.regionStartOffset},
             {"nodes", g.nodes}};
}
void from_json(const Json &j, CapturedGraph &g) {
    g.id = j.value("id", std::string());
    g.function = j.value("function", std::string());
    g.regionStartOffset = j.value("region_start", 0);
    g.nodes = getArray<GraphNode>(j, "nodes");
}

void to_json(Json &j, const GraphBreakInfo &b) {
    j = Json{{"break_type", b.typeId}, {"reason", b.reason},      {"hint", b.hint},
             {"user_stack", b.userStack}, {"after_graph", b.afterGraph},
             {"before_graph", b.beforeGraph}};
}
void from_json(const Json &j, GraphBreakInfo &b) {
    b.typeId = j.value("break_type", std::string());
    b.reason = j.value("reason", std::string());
    b.hint = j.value("hint", std::string());
    b.userStack = getArray<SourceSite>(j, "user_stack");
    b.afterGraph = j.value("after_graph", std::string());
    b.beforeGraph = j.value("before_graph", std::string());
}

void to_json(Json &j, const GuardInfo &g) {
    j = Json{{"kind", g.kind}, {"source", g.source}, {"text", g.text}, {"terms", g.terms}};
    if (!g.expected.empty())
        j["expected"] = g.expected;
}
void from_json(const Json &j, GuardInfo &g) {
    g.kind = j.value("kind", std::string());
    g.source = j.value("source", std::string());
    g.text = j.value("text", std::string());
    g.terms = getArray<std::string>(j, "terms");
    g.expected.clear();
    if (auto it = j.find("expected"); it != j.end() && it->is_object())
        for (const auto &[check, value] : it->items())
            if (value.is_string())
                g.expected[check] = value.get<std::string>();
}

void to_json(Json &j, const CacheEntryGuards &e) {
    j = Json{{"function", e.function},  {"entry", e.number},   {"region_start", e.regionStart},
             {"guards", e.guards},      {"transformed", e.transformed}};
}
void from_json(const Json &j, CacheEntryGuards &e) {
    e.function = j.at("function").get<std::string>();
    e.number = j.at("entry").get<int>();
    e.regionStart = j.value("region_start", 0);
    e.guards = j.at("guards").get<std::vector<GuardInfo>>();
    e.transformed = j.value("transformed", std::string());
}

} // namespace dynascope
