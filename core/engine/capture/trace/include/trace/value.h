// Value: what the symbolic interpreter holds on its stack and in its locals (Dynamo's
// VariableTracker): a kind, the source it came from, and kind-specific contents.
#pragma once

#include "sources/source.h"

#include <memory>
#include <string>
#include <vector>

namespace dynascope {

struct Value;
using ValuePtr = std::shared_ptr<Value>;

struct Value {
    enum class Kind {
        Null,     // the NULL CPython pushes before a callable (PUSH_NULL, LOAD_GLOBAL)
        Constant, // an immutable Python value: int, float, str, None, dtype, torch.Size…
        Tensor,   // a graph value: meta tensor + node name
        Tuple,
        List,
        Dict,           // constant keys, Value values
        Iterator,       // `name` empty: over `items`, position `index`; else a lazy form
                        // over other iterators (zip, map, chain, islice…: traceriter.cpp)
        UserFunction,   // a Python function object, inlined when called
        NestedFunction, // made by MAKE_FUNCTION during the trace (code, defaults, closure)
        BoundMethod,    // `self` + a Python function (inlined with self first)
        TensorMethod,   // `self` (a tensor) + method name: becomes a call_method node
        TorchFunction,  // torch.*, torch.nn.functional.*, operator.*: a call_function node
        Builtin,        // a builtin function (len, isinstance, print…) handled by the tracer
        ObjectMethod,   // `self` (list/dict/str…) + method name, handled by the tracer
        PyModule,       // a Python module (torch, math)
        NNModule,       // a torch.nn.Module instance
        Cell,           // a closure cell: concrete `object`, or a symbolic one (items[0])
        UserObject,     // any other object, read through its attributes
        GradMode,       // torch.no_grad()/enable_grad()/set_grad_enabled(b): `index` = mode;
                        // name "__exit__" for the bound exit that restores mode `index`,
                        // "applied" for set_grad_enabled (items[0]: the mode before),
                        // "decorated" for a function (`self`) wrapped by @no_grad()
        DictView,       // d.keys()/values()/items(): `self` = the dict, `name` = which; a live
                        // view (reads the dict's contents when used, as CPython's views do)
        Super,          // super(`object`, `self`): attributes looked up after class `object`
                        // in the MRO of `self` (an instance, or a class in a classmethod)
        SymInt,         // a dynamic int (Dynamo's SymNodeVariable): `object` = this trace's
                        // example value, `node` = its graph node (made on first use for an
                        // input), `source` = the input it is, or `items` = the SymInts an
                        // arithmetic result was computed from (tracersymint.cpp)
    };

    Kind kind = Kind::Constant;
    PyRef object;                  // the concrete object when there is one (not for traced tensors)
    SourcePtr source;              // where it came from; null when made during the trace
    PyRef meta;                    // Tensor: a meta tensor of the same shape/dtype
    std::string node;              // Tensor: graph node name
    PyRef device;                  // Tensor: the real device (meta tensors say "meta")
    std::vector<std::string> dims; // Tensor: per dimension, a symbol ("s0") or "" when static
    std::vector<ValuePtr> items; // Tuple/List/Iterator items, Dict values, NestedFunction defaults
    std::vector<PyRef> keys;     // Dict keys
    std::string name; // TorchFunction: qualified name; methods: method name; NestedFunction:
                      // __name__ when the trace set it; Iterator: its lazy form
    ValuePtr self;    // BoundMethod/TensorMethod/ObjectMethod receiver
    int index = 0;    // Iterator position
    std::vector<long> counters;    // lazy Iterator state (islice: count, next, stop, step)
    PyRef globals;                 // NestedFunction: the globals its code runs with
    ValuePtr kwDefaults;           // NestedFunction: a Dict, or null
    std::vector<ValuePtr> closure; // NestedFunction: Cell values
    bool mutated = false;          // List/Dict with a source that the trace changed
    // The Python type when not the plain one: Tuple: a named tuple / structseq type (fields in
    // `keys`); Dict: OrderedDict or defaultdict (its default factory in `self`); List: deque.
    PyRef pyType;

    static ValuePtr null();
    static ValuePtr constant(PyRef object);
    static ValuePtr constant(PyObject *borrowed) { return constant(PyRef::borrow(borrowed)); }
    static ValuePtr ofKind(Kind kind, PyRef object = {}, SourcePtr source = nullptr);
    static ValuePtr sequence(Kind kind, std::vector<ValuePtr> items);
    static ValuePtr method(Kind kind, ValuePtr self, const std::string &name, PyRef fn = {});

    bool isConstant() const { return kind == Kind::Constant; }
    bool isSequence() const { return kind == Kind::Tuple || kind == Kind::List; }
    // The Python value when the whole value is known at trace time (constants, sequences and
    // dicts of them, concrete objects): a new tuple/list/dict for containers. Null otherwise.
    PyRef asPython() const;
    // Dynamo's value-kind spelling for trace steps: TensorVariable(f32[3, 4]), ConstantVariable(2).
    std::string describe() const;
};

const char *kindName(Value::Kind kind);
// "f32" for torch.float32, as Dynamo prints dtypes in short form.
std::string shortDtype(PyObject *dtype);
// The shape of a tensor value as "[3, 4]" / ["s0", 4] strings.
std::vector<std::string> shapeStrings(const Value &tensor);

} // namespace dynascope
