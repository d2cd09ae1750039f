// StepStore: a recording's steps in columns, every string and stack value stored once.
#pragma once

#include "model/internindex.h"
#include "model/step.h"
#include "model/stringpool.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dynascope {

// What kind of step: Step::event as a small enum ("instruction", "call", "return", "exception";
// any other name is kept as text, eventName() gives it back).
enum class StepEvent : uint8_t { Instruction, Call, Return, Exception, Other };

// A million recorded steps as nlohmann::json events cost the GUI ~6.7 KB each; as Step values
// still ~1 KB (a dozen std::strings, a vector of four-string stack values, a std::map of
// locals). The store keeps per step only what varies from step to step — index, frame, depth,
// a site id and two spans — and interns the rest:
//  - a *site* is everything constant per executed instruction: code id, function, file, line,
//    offset, opname, arg, argrepr, event and the stack counts (pops/pushes depend on the path
//    taken, so a FOR_ITER has two sites). A loop's thousand passes share its few sites.
//  - a *value* is a StackValue (type, repr, shape, dtype, requires_grad) with its strings in
//    the pool; a step's stack is a span of value ids in one flat arena.
//  - locals are a span of (name, repr) string-id pairs in another arena.
// Steps are kept in arrival order; at(i) gives back exactly the Step that was appended (the
// tests compare every field). Appending never invalidates earlier steps' data.
class StepStore {
public:
    StepStore();

    size_t size() const { return m_index.size(); }
    bool empty() const { return m_index.empty(); }
    void clear();

    void append(const Step &step);
    // Appends a "step" event body, decoded as from_json(Json, Step) decodes it (same defaults,
    // same exceptions: a field of the wrong type throws Json::exception and nothing is appended)
    // but without building a Step. `codeId`, when given, replaces the event's "code".
    void appendEvent(const Json &body, const std::string *codeId = nullptr);

    // The step as a value, for code that wants a whole Step.
    Step at(size_t i) const;
    // The "step" event for step i, as the recorder writes it (to_json of at(i) plus "type").
    Json eventAt(size_t i) const;

    // Cheap per-field reads for loops over many steps.
    long long index(size_t i) const { return m_index[i]; }
    long long frame(size_t i) const { return m_frame[i]; }
    int depth(size_t i) const { return m_depth[i]; }
    int line(size_t i) const { return site(i).line; }
    int offset(size_t i) const { return site(i).offset; }
    int arg(size_t i) const { return site(i).arg; }
    int pops(size_t i) const { return site(i).pops; }
    int pushes(size_t i) const { return site(i).pushes; }
    StepEvent event(size_t i) const { return site(i).kind; }
    std::string_view eventName(size_t i) const { return m_strings.view(site(i).event); }
    std::string_view codeId(size_t i) const { return m_strings.view(site(i).code); }
    std::string_view function(size_t i) const { return m_strings.view(site(i).function); }
    std::string_view file(size_t i) const { return m_strings.view(site(i).file); }
    std::string_view opname(size_t i) const { return m_strings.view(site(i).opname); }
    std::string_view argrepr(size_t i) const { return m_strings.view(site(i).argrepr); }
    std::vector<StackValue> stack(size_t i) const;
    size_t stackSize(size_t i) const { return m_stackEnd[i + 1] - m_stackEnd[i]; }
    std::map<std::string, std::string> locals(size_t i) const;
    // Calls f(nameId, reprId) for each local step i changed; string(id) reads either.
    template <class F> void forEachLocal(size_t i, const F &f) const {
        for (uint32_t k = m_localsEnd[i]; k < m_localsEnd[i + 1]; ++k)
            f(m_locals[k].name, m_locals[k].repr);
    }
    std::string_view string(uint32_t id) const { return m_strings.view(id); }

    // What interning achieved, for tests and the memory benchmark.
    size_t siteCount() const { return m_sites.size(); }
    size_t valueCount() const { return m_values.size(); }
    size_t stringCount() const { return m_strings.size(); }
    // Heap bytes the store holds (vector capacities, the arenas and the hash indexes).
    size_t bytesUsed() const;

private:
    struct Site {
        uint32_t code = 0, function = 0, file = 0, opname = 0, argrepr = 0, event = 0;
        int32_t line = 0, offset = 0, arg = -1, pops = -1, pushes = -1;
        StepEvent kind = StepEvent::Instruction;
        bool operator==(const Site &o) const;
    };
    struct Value {
        uint32_t type = 0, repr = 0, shape = 0, dtype = 0;
        bool requiresGrad = false;
        bool operator==(const Value &o) const;
    };
    struct Local {
        uint32_t name = 0, repr = 0;
    };

    const Site &site(size_t i) const { return m_sites[m_site[i]]; }
    uint32_t internSite(Site site);
    uint32_t internValue(const Value &value);
    uint32_t internValue(const StackValue &value);
    uint32_t internValueJson(const Json &value);
    StackValue valueAt(uint32_t id) const;
    // Adds the step whose stack and locals are the last entries of m_pendingStack/Locals.
    void commit(long long index, long long frame, int depth, uint32_t site);

    StringPool m_strings;
    std::vector<Site> m_sites;
    InternIndex m_siteIndex;
    std::vector<Value> m_values;
    InternIndex m_valueIndex;

    // One entry per step.
    std::vector<long long> m_index;
    std::vector<long long> m_frame;
    std::vector<int32_t> m_depth;
    std::vector<uint32_t> m_site;
    // Step i's stack is m_stack[m_stackEnd[i] .. m_stackEnd[i + 1]), bottom first; its locals
    // likewise in m_locals (one entry more than steps, starting at 0).
    std::vector<uint32_t> m_stackEnd;
    std::vector<uint32_t> m_stack;
    std::vector<uint32_t> m_localsEnd;
    std::vector<Local> m_locals;
};

} // namespace dynascope
