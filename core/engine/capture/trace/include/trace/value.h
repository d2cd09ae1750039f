// Value: what the symbolic interpreter holds on its stack and in its locals (Dynamo's
// VariableTracker). A small class family: the base holds what every kind has (kind, concrete
// object, source); each class holds the fields of the kinds it serves and their behaviour
// (describe, asPython, truth, pythonType). The class of a value is fixed by its kind when made.
#pragma once

#include "sources/source.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace dynascope {

class Value;
using ValuePtr = std::shared_ptr<Value>;

// A value used as a kind it is not (`as<TensorValue>()` on a list): a bug in the tracer, reported
// as an internal error, never as the user's graph break.
class ValueKindError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

class Value {
public:
    enum class Kind {
        Null,     // the NULL CPython pushes before a callable (PUSH_NULL, LOAD_GLOBAL)
        Constant, // an immutable Python value: int, float, str, None, dtype, torch.Size…
        Tensor,   // a graph value: meta tensor + node name
        Tuple,
        List,
        Dict,           // constant keys, Value values
        Iterator,       // over `items`, or a lazy form over other iterators (traceriter.cpp)
        UserFunction,   // a Python function object, inlined when called
        NestedFunction, // made by MAKE_FUNCTION during the trace (code, defaults, closure)
        BoundMethod,    // `self` + a Python function (inlined with self first)
        TensorMethod,   // `self` (a tensor) + method name: becomes a call_method node
        TorchFunction,  // torch.*, torch.nn.functional.*, operator.*: a call_function node
        Builtin,        // a builtin function (len, isinstance, print…) handled by the tracer
        ObjectMethod,   // `self` (list/dict/str…) + method name, handled by the tracer
        PyModule,       // a Python module (torch, math)
        NNModule,       // a torch.nn.Module instance
        Cell,           // a closure cell: concrete `object`, or a symbolic one (`contents`)
        UserObject,     // any other object, read through its attributes
        GradMode,       // torch.no_grad()/enable_grad()/set_grad_enabled(b) and their forms
        DictView,       // d.keys()/values()/items(): a live view of a dict value
        Super,          // super(`object`, `self`): lookups after class `object` in self's MRO
        SymInt,         // a dynamic int (Dynamo's SymNodeVariable): `object` = this trace's
                        // example value, a graph node (tracersymint.cpp)
        NewObject,      // an instance of a user class made during the trace: no Python object
                        // until it escapes; its attributes live in the value (tracernewobject.cpp)
        Exception,      // an exception made and raised in the trace (tracerexceptions.cpp)
        Set,            // a set or frozenset: members keyed by hash, in CPython's order
                        // (tracersets.cpp)
        Partial,        // functools.partial(func, *args, **keywords) made during the trace: no
                        // Python object until it escapes (tracerfunctools.cpp)
    };

    Value(Kind kind, PyRef object, SourcePtr source)
        : kind(kind), object(std::move(object)), source(std::move(source)) {}
    virtual ~Value() = default;
    Value(const Value &) = delete;
    Value &operator=(const Value &) = delete;

    const Kind kind;
    PyRef object;     // the concrete object when there is one (not for traced tensors)
    SourcePtr source; // where it came from; null when made during the trace

    static ValuePtr null();
    static ValuePtr constant(PyRef object);
    static ValuePtr constant(PyObject *borrowed) { return constant(PyRef::borrow(borrowed)); }
    // A value of `kind` in the class that holds that kind, its own fields empty.
    static ValuePtr ofKind(Kind kind, PyRef object = {}, SourcePtr source = nullptr);

    // Checked downcasts: `as` throws ValueKindError when the value is not of a kind `T` holds.
    template <class T> T *as() {
        if (!T::holds(kind))
            throwKindError(T::className());
        return static_cast<T *>(this);
    }
    template <class T> const T *as() const {
        if (!T::holds(kind))
            throwKindError(T::className());
        return static_cast<const T *>(this);
    }
    template <class T> T *tryAs() { return T::holds(kind) ? static_cast<T *>(this) : nullptr; }
    template <class T> const T *tryAs() const {
        return T::holds(kind) ? static_cast<const T *>(this) : nullptr;
    }
    template <class T> bool is() const { return T::holds(kind); }

    bool isConstant() const { return kind == Kind::Constant; }
    bool isSequence() const { return kind == Kind::Tuple || kind == Kind::List; }
    bool isNone() const { return kind == Kind::Constant && object.get() == Py_None; }

    // The Python value when the whole value is known at trace time (constants, sequences and
    // dicts of them, concrete objects): a new tuple/list/dict for containers. Null otherwise.
    virtual PyRef asPython() const { return {}; }
    // Dynamo's value-kind spelling for trace steps: TensorVariable(f32[3, 4]), ConstantVariable(2).
    virtual std::string describe() const;
    // bool(value) as CPython computes it; throws a GraphBreak where the trace cannot know it.
    virtual bool isTrue() const { return true; }
    // type(value); null where the value does not say.
    virtual PyObject *pythonType() const;
    // callable(value): 1 or 0, or -1 where the value does not say.
    virtual int isCallable() const { return -1; }
    // What `for x in value` yields when the value alone knows it (a container's items, a dict's
    // keys; Dynamo's unpack_var_sequence); nullopt for the rest (the tracer iterates those).
    virtual std::optional<std::vector<ValuePtr>> iterationItems() const { return std::nullopt; }

private:
    [[noreturn]] void throwKindError(const char *wanted) const;
};

const char *kindName(Value::Kind kind);
// "f32" for torch.float32, as Dynamo prints dtypes in short form.
std::string shortDtype(PyObject *dtype);

} // namespace dynascope

#include "trace/valuekinds.h"
