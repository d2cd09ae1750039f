// Guard: one condition on a source's value that a cache entry needs. This class is the slow,
// explanatory form (Python attribute reads, TorchDynamo's failure wording); GuardTree compiles
// the guards of an entry into the fast C++ check run on every call.
#pragma once

#include "guards/tensoraccess.h"
#include "model/callrecord.h"
#include "model/graph.h"
#include "sources/source.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dynascope {

class Guard {
public:
    enum class Kind {
        TypeMatch,
        IdMatch,
        EqualsMatch,
        TensorMatch,
        SequenceLength,
        DictKeys,
        GlobalState,
        ShapeEnv,
        HasAttr,
        TensorAliasing,
        ObjectAliasing,
        ClassLookup
    };

    static Guard typeMatch(SourcePtr source, PyObject *value);
    static Guard idMatch(SourcePtr source, PyObject *value);
    static Guard equalsMatch(SourcePtr source, PyObject *value); // type and ==
    static Guard sequenceLength(SourcePtr source, PyObject *value);
    static Guard dictKeys(SourcePtr source, PyObject *value);
    // sizes: nullopt for a dynamic (symbolic) dimension; its stride is not checked either.
    // symbols: the symbol of each dynamic dimension ("s0"), for the conjunction's terms.
    static Guard tensorMatch(SourcePtr source, PyObject *tensor,
                             const std::vector<std::optional<long>> &sizes,
                             const std::vector<std::string> &symbols = {});
    static Guard globalState();
    // GLOBAL_STATE and the answer a torch function gave without a tensor argument (global state:
    // torch.are_deterministic_algorithms_enabled(), torch.get_default_dtype()), which the trace
    // folded: `fn(*args, **kwargs) == value` again on each call.
    static Guard stateRead(PyObject *fn, PyObject *args, PyObject *kwargs, PyObject *value);
    // A symbolic dimension: size >= 2 (0 and 1 are specialised), and equal to `other`'s dim when
    // they share a symbol.
    static Guard dimAtLeastTwo(SourcePtr source, int dim, const std::string &symbol);
    static Guard dimsEqual(SourcePtr source, int dim, SourcePtr other, int otherDim);
    // A symbolic dimension read as a number by the traced code: specialised to `value`.
    static Guard dimEquals(SourcePtr source, int dim, long value);
    // HASATTR: whether `source` has attribute `name` (present) or not, as when it was traced.
    static Guard hasAttr(SourcePtr source, const std::string &name, bool present);
    // Which of the tensor inputs are the same object: `groups[i]` is the index of the first
    // source holding the same tensor as source i. Two distinct tensors must not hit an entry
    // traced with one tensor in both places, nor the other way round.
    static Guard tensorAliasing(std::vector<SourcePtr> sources, std::vector<int> groups);
    // The same relation over the lists, dicts, sets, tuples and user objects the trace read from
    // two sources or changed: one object read twice is one value in the trace (its reads guarded
    // through the first source only), and two objects traced as two must not become one.
    static Guard objectAliasing(std::vector<SourcePtr> sources, std::vector<int> groups);
    // What looking `name` up on class `cls` finds (its MRO, as CPython's attribute lookup and
    // its operators do): `found`, or nothing when null. The class is held by the guard (an
    // instance's TYPE_MATCH pins it), so a method, property or dunder replaced on the class
    // between calls is seen.
    static Guard classLookup(PyObject *cls, const std::string &name, PyObject *found);
    // TENSOR_MATCH only: the dims whose size differs in `value` (automatic dynamic).
    std::vector<int> changedDims(PyObject *value) const;
    // Automatic dynamic for ints: whether `value` is an int (not a bool) where this guard saw a
    // different int (EQUALS_MATCH) or a tensor (TENSOR_MATCH), as Dynamo's frame state compares.
    bool intChanged(PyObject *value) const;

    Kind kind() const { return m_kind; }
    const SourcePtr &source() const { return m_source; }
    const std::string &text() const { return m_text; }
    GuardInfo info() const;
    // What each check of this guard expects, in the words explain() gives `expected` (the
    // table GuardInfo::expected carries; a call's failure then names only check and actual).
    std::map<std::string, std::string> expectations() const;
    static const char *kindName(Kind kind);

    // Empty when the guard holds; otherwise the reason in Dynamo's words. value may be null when
    // the source could not be fetched. `env` resolves a second source (dimsEqual).
    std::string check(PyObject *value, const SourceEnv &env) const;
    // The same verdict with the parts named: nullopt when the guard holds, else the failed check
    // with its expected and actual values (guardIndex left -1: the caller knows it).
    std::optional<GuardFailure> explain(PyObject *value, const SourceEnv &env) const;

    // TENSOR_MATCH's explanation read in C++ (TensorAccess), worded as explain() words it;
    // nullopt when it holds or for other kinds (explain() then). Cheap enough for every miss.
    std::optional<GuardFailure> explainTensorFast(PyObject *value) const;

private:
    friend class GuardTree; // compiles the expectations below into its checks
    Guard(Kind kind, SourcePtr source) : m_kind(kind), m_source(std::move(source)) {}
    GuardFailure failure(std::string check, std::string expected, std::string actual,
                         std::string message) const;
    static Guard aliasing(Kind kind, std::vector<SourcePtr> sources, std::vector<int> groups);
    std::optional<GuardFailure> explainTensor(PyObject *value) const;
    // TENSOR_MATCH's last check: dims marked by mark_dynamic, a subset of the entry's.
    std::optional<GuardFailure> explainMarkedDynamic(PyObject *value) const;
    static std::string markedDimsText(uint64_t bits); // "{0, 2}"
    PyObject *lookupNow() const; // CLASS_LOOKUP: what the class's MRO gives now (borrowed)
    // GLOBAL_STATE with a state read: whether the function still gives its value (true without).
    bool stateReadHolds() const;
    std::string stateReadText() const;
    std::optional<GuardFailure> explainShape(PyObject *value, const SourceEnv &env) const;
    std::string typeFailure() const;

    Kind m_kind;
    SourcePtr m_source;
    SourcePtr m_other;
    std::string m_text;
    std::vector<std::string> m_terms;
    PyTypeObject *m_type = nullptr;
    PyRef m_object; // ID_MATCH: the object (kept alive); EQUALS_MATCH: the value; DICT_KEYS: keys
    PyRef m_dtype, m_device;
    std::string m_dispatchKeys; // repr of torch._C._dispatch_keys(tensor)
    TensorFacts m_tensor;       // TENSOR_MATCH, as the fast check compares it
    bool m_requiresGrad = false;
    bool m_gradMode = true;
    bool m_globalModuleHooks = false; // GLOBAL_STATE: whether nn.Module global hooks were set
    PyObject *m_defaultDtype = nullptr; // GLOBAL_STATE: torch.get_default_dtype() (a singleton)
    int m_defaultScalarType = -1;       // the same as a c10::ScalarType, for the fast check
    PyRef m_call, m_callArgs, m_callKwargs; // GLOBAL_STATE: a state read (m_object: its value)
    long m_length = 0;
    int m_dim = 0, m_otherDim = 0;
    std::string m_attr; // HASATTR: the name and whether it was there; CLASS_LOOKUP: the name
    PyRef m_class, m_name; // CLASS_LOOKUP: the class and the interned name
    bool m_present = false;
    std::vector<SourcePtr> m_aliasSources; // TENSOR_ALIASING, OBJECT_ALIASING
    std::vector<int> m_aliasGroups;
    std::vector<std::optional<long>> m_sizes, m_strides;
};

// The at::ScalarType name Dynamo prints for a torch dtype ("Float" for torch.float32).
std::string scalarTypeName(PyObject *dtype);
// The short dtype name ("float32").
std::string dtypeName(PyObject *dtype);
// A source spelled as the article writes it: x for L['x'], w for G['w'], self.lin.weight.
std::string shortSourceText(const std::string &sourceText);

} // namespace dynascope
