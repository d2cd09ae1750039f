// A captured graph, its nodes with provenance, the breaks between graphs, and the guards.
#pragma once

#include "model/event.h"

#include <map>
#include <string>
#include <vector>

namespace dynascope {

// Where a node or break came from in the user's source (innermost frame last in inlineStack).
struct SourceSite {
    std::string file;
    int line = 0;
    int offset = -1;         // bytecode offset in that code object
    std::string function;
    std::string codeId;      // CodeInfo::id when known
};

struct GraphNode {
    std::string name;        // "add", "relu_1", "x"
    std::string op;          // placeholder | call_function | call_method | call_module | get_attr | output
    std::string target;      // "torch.add", "relu", "L['x']"
    std::vector<std::string> args;  // node names or constant reprs
    std::string shape;       // "[3, 4]" or "[s0, 4]"; empty when unknown
    std::string dtype;       // "float32"
    SourceSite site;
    std::vector<SourceSite> inlineStack; // outermost first; empty when not inlined
    int traceStep = -1;      // index of the TraceStep that added this node
};

struct CapturedGraph {
    std::string id;          // "G1", "G2", … in execution order
    std::string function;    // the compiled function's qualified name
    int regionStartOffset = 0;
    std::vector<GraphNode> nodes;
};

struct GraphBreakInfo {
    std::string typeId;      // stable id from the break catalogue, e.g. "data_dependent_branch"
    std::string reason;      // words
    std::string hint;
    std::vector<SourceSite> userStack; // outermost first
    std::string afterGraph;  // id of the graph that ends at this break ("" if none)
    std::string beforeGraph; // id of the graph that resumes after it ("" if none)
};

struct GuardInfo {
    std::string kind;        // TYPE_MATCH, TENSOR_MATCH, …
    std::string source;      // L['x']
    std::string text;        // printable form
    // The guard as terms of the article's conjunction g = g1 ∧ … ∧ gn ("type(x) = Tensor",
    // "shape(x) = (s0, 3)", "s0 ≥ 2"), sources spelled short (x for L['x']).
    std::vector<std::string> terms;
    // What each check of the guard expects ("size[0]" -> "2", "value" -> "3"), sent once with
    // the entry, so a call's failure names only the check and the actual value (failuretext.h).
    std::map<std::string, std::string> expected;
};

// One cache entry of a compiled function (a `guards` event): the guards that must all hold for
// a call to reuse it, sent when the entry is made.
struct CacheEntryGuards {
    std::string function; // the compiled function's qualified name
    int number = -1;      // the function's entry number (0-based), as call records name it
    int regionStart = 0;  // bytecode offset of the region it caches
    std::vector<GuardInfo> guards;
    std::string transformed; // the entry as Python calling __compiled_fn_N / __resume_at_…
};

// The op count, Dynamo's definition: torch._dynamo.explain counts a graph's call_function nodes
// (torch/_dynamo/backends/debugging.py, _explain_graph_detail). The Explain panel, `dynascope
// explain` and the report use it. CompileCounter.op_count is PyTorch's other definition (every
// node whose op contains "call", torch/_dynamo/testing.py) and stays in the shim.
bool isExplainOp(const GraphNode &node);
int opCount(const CapturedGraph &graph);

void to_json(Json &j, const SourceSite &s);
void from_json(const Json &j, SourceSite &s);
void to_json(Json &j, const GraphNode &n);
void from_json(const Json &j, GraphNode &n);
void to_json(Json &j, const CapturedGraph &g);
void from_json(const Json &j, CapturedGraph &g);
void to_json(Json &j, const GraphBreakInfo &b);
void from_json(const Json &j, GraphBreakInfo &b);
void to_json(Json &j, const GuardInfo &g);
void from_json(const Json &j, GuardInfo &g);
void to_json(Json &j, const CacheEntryGuards &e);
// "function", "entry" and "guards" are required (Json::exception when missing).
void from_json(const Json &j, CacheEntryGuards &e);

} // namespace dynascope
