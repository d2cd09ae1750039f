// The value classes (Dynamo's TensorVariable, ListVariable, ConstDictVariable…): one class per
// group of kinds that share fields. Included by value.h; `holds(kind)` backs Value::as<T>().
#pragma once

#include "trace/value.h"

#include <map>

namespace dynascope {

// Constant: an immutable Python value known at trace time.
class ConstantValue : public Value {
public:
    explicit ConstantValue(PyRef object, SourcePtr source = nullptr)
        : Value(Kind::Constant, std::move(object), std::move(source)) {}
    static bool holds(Kind k) { return k == Kind::Constant; }
    static const char *className() { return "ConstantValue"; }
    PyRef asPython() const override { return object; }
    std::string describe() const override;
    bool isTrue() const override;
    int isCallable() const override { return object ? PyCallable_Check(object.get()) : -1; }
};

// Null, PyModule, NNModule, UserObject: a concrete object read through its attributes.
class ObjectValue : public Value {
public:
    ObjectValue(Kind kind, PyRef object = {}, SourcePtr source = nullptr)
        : Value(kind, std::move(object), std::move(source)) {}
    static bool holds(Kind k) {
        return k == Kind::Null || k == Kind::PyModule || k == Kind::NNModule ||
               k == Kind::UserObject;
    }
    static const char *className() { return "ObjectValue"; }
    PyRef asPython() const override { return kind == Kind::PyModule ? object : PyRef(); }
    std::string describe() const override;
    bool isTrue() const override;
    int isCallable() const override {
        return kind != Kind::Null && object ? PyCallable_Check(object.get()) : -1;
    }
};

// UserFunction, TorchFunction, Builtin: a function object; `name` is the qualified name of a
// torch or operator function ("torch.relu", "operator.add"), empty for the rest.
class FunctionValue : public Value {
public:
    FunctionValue(Kind kind, PyRef object, SourcePtr source = nullptr)
        : Value(kind, std::move(object), std::move(source)) {}
    static bool holds(Kind k) {
        return k == Kind::UserFunction || k == Kind::TorchFunction || k == Kind::Builtin;
    }
    static const char *className() { return "FunctionValue"; }
    std::string name;
    PyRef asPython() const override { return object; }
    std::string describe() const override;
    int isCallable() const override { return 1; }
};

// NestedFunction: made by MAKE_FUNCTION during the trace (`object` is its code).
class NestedFunctionValue : public Value {
public:
    explicit NestedFunctionValue(PyRef code) : Value(Kind::NestedFunction, std::move(code), {}) {}
    static bool holds(Kind k) { return k == Kind::NestedFunction; }
    static const char *className() { return "NestedFunctionValue"; }
    PyRef globals;                  // the globals its code runs with
    std::vector<ValuePtr> defaults; // positional defaults
    ValuePtr kwDefaults;            // a Dict, or null
    std::vector<ValuePtr> closure;  // Cell values
    std::string name;               // __name__ when the trace set it
    ValuePtr annotations;           // MAKE_FUNCTION's (name, value, …) tuple, or null
    PyObject *pythonType() const override;
    int isCallable() const override { return 1; }
};

// Tensor, SymInt: a value the graph computes or takes as an input, named by its node.
class GraphValue : public Value {
public:
    using Value::Value;
    static bool holds(Kind k) { return k == Kind::Tensor || k == Kind::SymInt; }
    static const char *className() { return "GraphValue"; }
    std::string node; // graph node name (a SymInt input's is made when the graph first uses it)
};

// Tensor: a graph value, shape and dtype carried by a meta tensor.
// The Python number type Tensor.item() gives for a dtype: bool, float, complex or int.
PyRef scalarTypeOf(PyObject *dtype);

class TensorValue : public GraphValue {
public:
    explicit TensorValue(SourcePtr source = nullptr)
        : GraphValue(Kind::Tensor, {}, std::move(source)) {}
    static bool holds(Kind k) { return k == Kind::Tensor; }
    static const char *className() { return "TensorValue"; }
    PyRef meta;                    // a meta tensor of the same shape/dtype
    PyRef device;                  // the real device (meta tensors say "meta")
    std::vector<std::string> dims; // per dimension, a symbol ("s0") or "" when static
    PyRef pyType;                  // a Tensor subclass (nn.Parameter), or null for torch.Tensor
    // capture_scalar_outputs: the value is a Python number at run time (item() and arithmetic
    // on such values): int, float or bool. type()/isinstance answer with it; tensor attributes
    // and methods, which the number lacks, are a break.
    PyRef scalarType;
    // The shape as "[3, 4]" / ["s0", 4] strings.
    std::vector<std::string> shapeStrings() const;
    std::string describe() const override;
    bool isTrue() const override;
    PyObject *pythonType() const override;
    int isCallable() const override { return 0; }
};

// SymInt: a dynamic int, an input (`source`) or computed from `operands` by int arithmetic;
// `object` is this trace's example value.
class SymIntValue : public GraphValue {
public:
    explicit SymIntValue(PyRef example, SourcePtr source = nullptr)
        : GraphValue(Kind::SymInt, std::move(example), std::move(source)) {}
    static bool holds(Kind k) { return k == Kind::SymInt; }
    static const char *className() { return "SymIntValue"; }
    std::vector<ValuePtr> operands; // the SymInts an arithmetic result was computed from
    std::string describe() const override;
};

// Tuple, List, Dict, Set: containers whose Python type may be a subclass (`pyType`) and that a
// trace may change in place (`mutated`: one with a source is written back after the graph).
class ContainerValue : public Value {
public:
    using Value::Value;
    static bool holds(Kind k) {
        return k == Kind::Tuple || k == Kind::List || k == Kind::Dict || k == Kind::Set;
    }
    static const char *className() { return "ContainerValue"; }
    // Tuple: a named tuple / structseq type; List: deque; Dict: OrderedDict or defaultdict;
    // Set: frozenset.
    PyRef pyType;
    bool mutated = false;
    int isCallable() const override { return 0; }
};

// Tuple, List (and deque, named tuples).
class SequenceValue : public ContainerValue {
public:
    SequenceValue(Kind kind, std::vector<ValuePtr> items = {}, PyRef object = {},
                  SourcePtr source = nullptr)
        : ContainerValue(kind, std::move(object), std::move(source)), items(std::move(items)) {}
    static bool holds(Kind k) { return k == Kind::Tuple || k == Kind::List; }
    static const char *className() { return "SequenceValue"; }
    static std::shared_ptr<SequenceValue> make(Kind kind, std::vector<ValuePtr> items) {
        return std::make_shared<SequenceValue>(kind, std::move(items));
    }
    std::vector<ValuePtr> items;
    std::vector<PyRef> fieldNames; // a named tuple's fields
    PyRef asPython() const override;
    std::string describe() const override;
    bool isTrue() const override { return !items.empty(); }
    PyObject *pythonType() const override;
    std::optional<std::vector<ValuePtr>> iterationItems() const override { return items; }
};

// Dict (and OrderedDict, defaultdict): constant keys, Value values, in insertion order.
class DictValue : public ContainerValue {
public:
    explicit DictValue(PyRef object = {}, SourcePtr source = nullptr)
        : ContainerValue(Kind::Dict, std::move(object), std::move(source)) {}
    static bool holds(Kind k) { return k == Kind::Dict; }
    static const char *className() { return "DictValue"; }
    std::vector<PyRef> keys;
    std::vector<ValuePtr> values;
    ValuePtr defaultFactory; // defaultdict: its factory (may be the constant None)
    // Keys that are not constants (a tensor, an nn.Module, an object made in the trace): `keys`
    // holds the object CPython would hash for it (Tracer::hashKey: the object itself, or a
    // stand-in compared by identity) and this map its value, so iteration and the exit see it.
    std::map<PyObject *, ValuePtr> objectKeys;
    // The position of `key` as CPython's lookup finds it (the same object, or an equal hash
    // and ==), or -1. A key whose hash or == raises is a GraphBreak.
    long indexOf(PyObject *key) const;
    // The key at `i` as a value: its value when it is not a constant.
    ValuePtr keyValue(size_t i) const;
    // d[key] = value: an equal key keeps its place and its first object, a new one goes last.
    // `keyValue`: the key's value when `key` stands in for one (null for a constant).
    void store(PyRef key, const ValuePtr &keyValue, ValuePtr value);
    ValuePtr eraseAt(size_t i); // removes the item at `i`, returns its value
    // The items of `other` into this dict, as dict.update does.
    void update(const DictValue &other);
    PyRef asPython() const override;
    bool isTrue() const override { return !values.empty(); }
    PyObject *pythonType() const override;
    std::optional<std::vector<ValuePtr>> iterationItems() const override;
};

// Set (and frozenset): each member is a Value and the object CPython would hash for it (`keys`:
// the constant itself, or a stand-in with an address hash for a tensor or an object compared by
// identity). `shadow` is a real Python set of those keys, on which every set operation of the
// trace runs, so membership, results and errors are CPython's own; its iteration order is
// CPython's where the trace knows the table's history (`exactOrder`: a set made in the trace from
// known members). A set argument's order is its object's, guarded when read (tracersets.cpp).
class SetValue : public ContainerValue {
public:
    explicit SetValue(PyRef object = {}, SourcePtr source = nullptr);
    static bool holds(Kind k) { return k == Kind::Set; }
    static const char *className() { return "SetValue"; }
    std::vector<PyRef> keys;      // in the order first added (the exit rebuilds in this order)
    std::vector<ValuePtr> values; // values[i] is the member whose key is keys[i]
    PyRef shadow;                 // a set (or frozenset) of `keys`
    bool exactOrder = true;
    // The member whose key is `key` (the same object, or equal by hash and ==), or -1.
    long indexOf(PyObject *key) const;
    bool frozen() const { return pyType.get() == reinterpret_cast<PyObject *>(&PyFrozenSet_Type); }
    // A new set of the members when they are all constants (for folding calls on it).
    PyRef asPython() const override;
    std::string describe() const override;
    bool isTrue() const override { return !keys.empty(); }
    PyObject *pythonType() const override;
};

// Iterator: `form` empty: over `items` from position `index`; else a lazy form over the
// iterators in `items` (zip, map, filter, enumerate, chain, islice, count, repeat, generator).
struct SuspendedGenerator; // tracer.h: an inlined generator's frame between two yields

class IteratorValue : public Value {
public:
    explicit IteratorValue(std::vector<ValuePtr> items = {}, PyRef object = {},
                           SourcePtr source = nullptr)
        : Value(Kind::Iterator, std::move(object), std::move(source)), items(std::move(items)) {}
    static bool holds(Kind k) { return k == Kind::Iterator; }
    static const char *className() { return "IteratorValue"; }
    std::vector<ValuePtr> items;
    int index = 0;
    std::string form;
    std::vector<long> counters; // lazy state (islice: count, next, stop, step)
    ValuePtr function;          // map/filter: the function
    ValuePtr repeated;          // repeat: the item; live_set: the set iterated
    PyRef pyType;               // a generator: the generator type
    // An input list iterator (its remaining items read at the start): the list it reads. A
    // trace that changed that list cannot read the iterator from the snapshot (a break).
    PyRef inputList;
    // form "generator": its frame, not started or suspended at a yield; null once it returned.
    // Each next() resumes it until its next yield (Tracer::resumeGenerator), as CPython does,
    // so what the body reads and does interleaves with its consumer as in CPython.
    std::shared_ptr<SuspendedGenerator> generator;
    int isCallable() const override { return 0; }
    // Forms "live" / "live_reversed" (items[0] is a list, dict or dict view read at each next()):
    // how many items the container holds now, and its i-th item now.
    size_t containerSize() const;
    ValuePtr containerItem(size_t i) const;
    // Whether it reads a container the code may change meanwhile (the live forms).
    bool readsContainer() const { return form.rfind("live", 0) == 0; }
    // The items a next() loop would still give, for an exit to rebuild as iter(list), or nothing
    // for a form that reads other iterators or runs code (map, filter, a generator).
    std::optional<std::vector<ValuePtr>> rest() const;
};

// BoundMethod, TensorMethod, ObjectMethod: a receiver and a method name (`object`: the Python
// function of a BoundMethod).
class MethodValue : public Value {
public:
    MethodValue(Kind kind, ValuePtr self, std::string name, PyRef fn = {})
        : Value(kind, std::move(fn), {}), self(std::move(self)), name(std::move(name)) {}
    static bool holds(Kind k) {
        return k == Kind::BoundMethod || k == Kind::TensorMethod || k == Kind::ObjectMethod;
    }
    static const char *className() { return "MethodValue"; }
    ValuePtr self;
    std::string name;
    std::string describe() const override;
    int isCallable() const override { return 1; }
};

// GradMode: torch.no_grad()/enable_grad() (`form` empty), set_grad_enabled(b) ("applied":
// `before` is the mode it replaced), the bound exit of a with-block that restores `mode`
// ("__exit__"), and a function (`function`) wrapped by @no_grad() ("decorated").
class GradModeValue : public Value {
public:
    explicit GradModeValue(int mode, std::string form = {}, SourcePtr source = nullptr)
        : Value(Kind::GradMode, {}, std::move(source)), mode(mode), form(std::move(form)) {}
    static bool holds(Kind k) { return k == Kind::GradMode; }
    static const char *className() { return "GradModeValue"; }
    int mode = 0;
    std::string form;
    ValuePtr before;
    ValuePtr function;
    bool isExit() const { return form == "__exit__"; }
};

// DictView: d.keys()/values()/items() (`which`), live: it reads the dict when used.
class DictViewValue : public Value {
public:
    DictViewValue(ValuePtr dict, std::string which)
        : Value(Kind::DictView, {}, {}), dict(std::move(dict)), which(std::move(which)) {}
    static bool holds(Kind k) { return k == Kind::DictView; }
    static const char *className() { return "DictViewValue"; }
    ValuePtr dict;
    std::string which;
    const DictValue &contents() const { return *dict->as<DictValue>(); }
    PyRef asPython() const override;
    int isCallable() const override { return 0; }
    // The dict's contents now: a view sees every change made since it was taken.
    std::optional<std::vector<ValuePtr>> iterationItems() const override;
};

// Super: super(`object`, `self`), where self is an instance or a class (in a classmethod).
class SuperValue : public Value {
public:
    SuperValue(PyRef cls, ValuePtr self) : Value(Kind::Super, std::move(cls), {}), self(self) {}
    static bool holds(Kind k) { return k == Kind::Super; }
    static const char *className() { return "SuperValue"; }
    ValuePtr self;
};

// Cell: a closure cell, concrete (`object`) or made in the trace (`contents`).
class CellValue : public Value {
public:
    explicit CellValue(PyRef cell = {}, SourcePtr source = nullptr)
        : Value(Kind::Cell, std::move(cell), std::move(source)) {}
    static bool holds(Kind k) { return k == Kind::Cell; }
    static const char *className() { return "CellValue"; }
    ValuePtr contents;
};

// Exception: an exception instance made in the trace (Dynamo's ExceptionVariable): its class and
// constructor arguments. Raised and caught inside the trace; an exit never rebuilds one (a
// traceback, __context__ and identity are not modelled). With no class it is the handled-exception
// state PUSH_EXC_INFO saves and POP_EXCEPT restores (`handledBefore`, null: the state the frame
// was called in), so a break inside an `except` block cannot rebuild the frame either.
class ExceptionValue : public Value {
public:
    ExceptionValue(PyRef cls, std::vector<ValuePtr> args)
        : Value(Kind::Exception, {}, nullptr), cls(std::move(cls)), args(std::move(args)) {}
    static bool holds(Kind k) { return k == Kind::Exception; }
    static const char *className() { return "ExceptionValue"; }
    PyRef cls;
    std::vector<ValuePtr> args;
    ValuePtr cause;         // `raise … from cause` (a None constant for `from None`)
    ValuePtr handledBefore; // the state marker's saved exception
    // __context__: the exception being handled when the trace raised this one, as CPython's
    // implicit chaining sets it (null: None, once the chaining cut it). Known only when the
    // trace set it: raised with none of the trace's handled, it may be the caller's.
    ValuePtr context;
    bool contextKnown = false;
    bool isStateMarker() const { return !cls; }
    // isinstance(self, `type`) for a class or a tuple of classes, as an except clause tests.
    bool matches(PyObject *type) const;
    std::string describe() const override;
    PyObject *pythonType() const override { return cls.get(); }
    int isCallable() const override { return 0; }
};

// NewObject: `cls(...)` called during the trace (Dynamo's UserDefinedObjectVariable with
// AttributeMutationNew). No Python object exists while tracing: the instance attributes live in
// `attrs`, so a trace that breaks or aborts leaves nothing behind; the exit plan builds the real
// object (object.__new__(cls), then the attributes) when it escapes. One value is one object:
// identity is the value's.
class NewObjectValue : public Value {
public:
    NewObjectValue(PyRef cls, SourcePtr classSource)
        : Value(Kind::NewObject, {}, nullptr), cls(std::move(cls)),
          classSource(std::move(classSource)) {}
    static bool holds(Kind k) { return k == Kind::NewObject; }
    static const char *className() { return "NewObjectValue"; }
    PyRef cls;
    SourcePtr classSource; // where the class was read (class attributes are guarded through it)
    // Instance attributes (the __dict__ entries and __slots__ members), in the order first set.
    std::vector<std::pair<std::string, ValuePtr>> attrs;
    ValuePtr attr(const std::string &name) const;
    void setAttr(const std::string &name, ValuePtr value);
    std::string describe() const override;
    bool isTrue() const override;
    PyObject *pythonType() const override { return cls.get(); }
    int isCallable() const override;
};

// Partial: functools.partial(func, *args, **keywords) called during the trace (Dynamo's
// FunctoolsPartialVariable). `args` is a Tuple value and `keywords` a Dict value with string keys:
// the very objects p.args and p.keywords give, as in CPython, so a change the code makes to
// p.keywords reaches the calls after it. A call runs func(*args, *call_args, **keywords,
// **call_kw); the exit builds the real partial around those two objects when it escapes.
class PartialValue : public Value {
public:
    PartialValue(PyRef cls, ValuePtr func, ValuePtr args, ValuePtr keywords)
        : Value(Kind::Partial, {}, nullptr), cls(std::move(cls)), func(std::move(func)),
          args(std::move(args)), keywords(std::move(keywords)) {}
    static bool holds(Kind k) { return k == Kind::Partial; }
    static const char *className() { return "PartialValue"; }
    PyRef cls; // functools.partial
    ValuePtr func;
    ValuePtr args;     // a Tuple
    ValuePtr keywords; // a Dict
    std::string describe() const override;
    PyObject *pythonType() const override { return cls.get(); }
    int isCallable() const override { return 1; }
};

} // namespace dynascope
