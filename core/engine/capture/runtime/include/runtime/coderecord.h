// CodeRecord: everything the runtime keeps per compiled code object: regions and their cache
// entries, the graphs and breaks met, recompile reasons and call counters (records()).
#pragma once

#include "guards/guardset.h"
#include "model/callrecord.h"
#include "model/graph.h"
#include "runtime/exitplan.h"
#include "shapes/shapepolicy.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dynascope {

// What CPython must do at a region's exit when it is a graph break.
struct BreakStep {
    // Store: STORE_SUBSCR (container[key] = value) or STORE_ATTR (setattr(obj, attrName, value)),
    // done concretely; the trace resumes after it (Dynamo's break_graph_if_unsupported).
    enum class Kind { Call, Jump, Store, Native };
    Kind kind = Kind::Native;
    int offset = -1; // where the break instruction (sequence) starts
    int next = -1;   // offset after the instruction (Call / Jump not taken)
    int argc = 0;    // Call
    int kwCount = 0; // Call
    PyRef kwNames;   // Call
    // Call: CALL_FUNCTION_EX, argc 1 (an args tuple) or 2 (and a kwargs dict).
    bool unpacked = false;
    int jumpTarget = -1; // Jump
    bool jumpIfTrue = false;
    bool popAlways = true; // false for JUMP_IF_*_OR_POP
    PyRef attrName;        // Store: STORE_ATTR's name (null for STORE_SUBSCR)
};

struct CacheEntry {
    int number = -1; // the function's cache entry number (CodeRecord::entries index)
    std::shared_ptr<GuardSet> guards;
    PyRef backend;
    PyRef compiled;                // null for an empty graph
    std::vector<SourcePtr> inputs; // placeholder sources, in order
    std::string graphId;           // "" when no graph was compiled
    bool uncaptured = false;       // run the region in CPython (break in a loop, unbuildable exit)
    ExitPlan plan;
    BreakStep step;
    bool isReturn = true;
};

struct Region {
    std::vector<std::unique_ptr<CacheEntry>> entries;
};

// What runs concretely before RESUME on every call, decoded once per code object.
struct Prologue {
    std::vector<int> makeCells; // MAKE_CELL slots
    int freeVars = 0;           // COPY_FREE_VARS count
    int start = 0;              // offset where tracing starts
};

struct CodeRecord {
    PyRef code;
    Prologue prologue;
    Region *entryRegion = nullptr;   // regions[{0, 0}]: the lookup every call starts with
    std::vector<CallRecord> callLog; // one per call, up to kCallLogLimit
    long callsNotLogged = 0;
    static constexpr size_t kCallLogLimit = 100000;
    std::string function, file;
    int firstLine = 0;
    std::map<std::pair<int, int>, Region> regions; // (start offset, stack depth)
    std::vector<PyRef> graphs;                     // graph_spec without target_obj
    std::vector<GraphBreakInfo> breaks;
    std::vector<std::pair<int, std::vector<GuardInfo>>> entries; // (region start, guards)
    std::vector<std::string> transformed; // per entry: its transformed code (transformedcode.h)
    std::vector<std::string> recompiles;
    long calls = 0, cacheHits = 0, cacheMisses = 0;
    std::unique_ptr<ShapePolicy> shapes;
    bool warnedLimit = false;
};

// All records of this interpreter, in first-compile order.
class CodeRegistry {
public:
    static CodeRegistry &instance();
    CodeRecord &recordFor(PyObject *code, ShapePolicy::Mode mode);
    void reset();
    PyRef toPython() const;
    int nextGraphNumber() { return ++m_graphCount; }
    // Changes on every reset(), so a cached CodeRecord pointer can be checked for staleness.
    long generation() const { return m_generation; }
    // Totals for tests and the CLI.
    const std::vector<std::unique_ptr<CodeRecord>> &records() const { return m_records; }

private:
    std::vector<std::unique_ptr<CodeRecord>> m_records;
    std::map<PyObject *, CodeRecord *> m_byCode;
    int m_graphCount = 0;
    long m_generation = 0;
};

} // namespace dynascope
