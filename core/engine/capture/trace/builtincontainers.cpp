// Handlers that build containers from traced values: dict/OrderedDict/defaultdict (a Dict value,
// its Python type in pyType), deque (a List value of type deque), set/frozenset (a Set value),
// namedtuple classes (made on constants) and their instances (a Tuple value of that type).
#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope::builtins {

using K = Value::Kind;

void fillDict(Tracer &t, const ValuePtr &dict, const ValuePtr *source, TraceKwargs &kwargs) {
    DictValue &d = *dict->as<DictValue>();
    if (source) {
        const ValuePtr &s = *source;
        if (const auto *from = s->tryAs<DictValue>()) {
            d.update(*from);
        } else if (s->isConstant() && PyDict_Check(s->object.get())) {
            PyObject *key, *value;
            Py_ssize_t pos = 0;
            while (PyDict_Next(s->object.get(), &pos, &key, &value))
                d.store(PyRef::borrow(key), nullptr, t.wrapUnguarded(value));
        } else if (s->kind == K::NNModule || s->kind == K::UserObject) {
            throw GraphBreak(BreakId::UnsupportedCall, "dict() of " + s->describe());
        } else {
            for (const ValuePtr &pair : t.drain(s)) {
                std::vector<ValuePtr> kv = t.unpack(pair, 2);
                d.store(t.dictKey(kv[0]), kv[0], kv[1]);
            }
        }
    }
    for (auto &k : kwargs)
        d.store(PyRef::steal(PyUnicode_FromString(k.first.c_str())), nullptr, k.second);
}

// dict(...) and collections.OrderedDict(...).
ValuePtr callDict(Tracer &t, const ValuePtr &callee, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 1)
        throw GraphBreak(BreakId::PythonException, "dict expected at most 1 argument");
    auto d = std::make_shared<DictValue>();
    if (callee->object.get() != reinterpret_cast<PyObject *>(&PyDict_Type))
        d->pyType = callee->object;
    fillDict(t, d, args.empty() ? nullptr : &args[0], kwargs);
    return d;
}

// collections.defaultdict(default_factory=None, mapping_or_pairs, **kwargs).
ValuePtr callDefaultDict(Tracer &t, const ValuePtr &callee, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 2)
        throw GraphBreak(BreakId::PythonException, "defaultdict expected at most 2 arguments");
    auto d = std::make_shared<DictValue>();
    d->pyType = callee->object;
    d->defaultFactory = args.empty() ? Value::constant(Py_None) : args[0];
    fillDict(t, d, args.size() > 1 ? &args[1] : nullptr, kwargs);
    return d;
}

// dict.fromkeys(iterable, value=None, /) on dict, OrderedDict or defaultdict (whose fromkeys
// makes cls() and sets each key: a defaultdict without a factory), and OrderedDict's own, which
// takes both by keyword too. Every key gets the one value object. Null for other classes.
ValuePtr dictFromKeys(Tracer &t, const ValuePtr &cls, TraceArgs &args, TraceKwargs &kwargs) {
    PyObject *type = cls->object.get();
    PyObject *ordered = BuiltinTable::resolve("collections.OrderedDict");
    PyObject *defaultDict = BuiltinTable::resolve("collections.defaultdict");
    bool isOrdered = ordered && type == ordered;
    if (type != reinterpret_cast<PyObject *>(&PyDict_Type) && !isOrdered &&
        (!defaultDict || type != defaultDict))
        return nullptr;
    std::vector<ValuePtr> params = args;
    for (const auto &k : kwargs) {
        size_t slot = k.first == "iterable" ? 0 : k.first == "value" ? 1 : 2;
        if (!isOrdered || slot > 1 || params.size() != slot)
            throw GraphBreak(BreakId::PythonException,
                             "fromkeys() got an unexpected keyword argument '" + k.first + "'");
        params.push_back(k.second);
    }
    if (params.empty() || params.size() > 2)
        throw GraphBreak(BreakId::PythonException, "fromkeys expected 1 or 2 arguments");
    auto d = std::make_shared<DictValue>();
    if (type != reinterpret_cast<PyObject *>(&PyDict_Type))
        d->pyType = cls->object;
    if (type == defaultDict)
        d->defaultFactory = Value::constant(Py_None);
    ValuePtr value = params.size() > 1 ? params[1] : Value::constant(Py_None);
    for (const ValuePtr &key : t.drain(params[0]))
        d->store(t.dictKey(key), key, value);
    return d;
}

// collections.deque(iterable=(), maxlen=None); a bounded deque is left to the generic path.
ValuePtr callDeque(Tracer &t, const ValuePtr &callee, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 2 || kwargs.size() > 1 || (kwargs.size() == 1 && kwargs[0].first != "maxlen"))
        return nullptr;
    ValuePtr maxlen = args.size() > 1 ? args[1] : kwargs.empty() ? nullptr : kwargs[0].second;
    if (maxlen && !(maxlen->isConstant() && maxlen->object.get() == Py_None))
        return nullptr;
    auto q = std::make_shared<SequenceValue>(K::List);
    q->pyType = callee->object;
    if (!args.empty())
        q->items = t.drain(args[0]);
    return q;
}

// set(iterable=()) and frozenset(iterable=()); a frozenset of constants is left to folding (an
// immutable constant).
ValuePtr callSet(Tracer &t, const ValuePtr &callee, TraceArgs &args, TraceKwargs &kwargs) {
    if (!kwargs.empty() || args.size() > 1)
        return nullptr;
    bool frozen = callee->object.get() == reinterpret_cast<PyObject *>(&PyFrozenSet_Type);
    if (frozen && allConstant(args, kwargs))
        return nullptr;
    return t.makeSet(args.empty() ? nullptr : args[0], frozen);
}

// collections.namedtuple(...) on constants: the class, made now (a new class on every call, as
// in CPython; its instances compare equal to the ones the program makes).
ValuePtr callNamedTupleFactory(Tracer &t, const ValuePtr &callee, TraceArgs &args,
                               TraceKwargs &kwargs) {
    if (!allConstant(args, kwargs))
        return nullptr;
    PyRef list = PyRef::steal(PyList_New(0));
    for (const ValuePtr &a : args)
        PyList_Append(list.get(), a->asPython().get());
    PyRef kw = PyRef::steal(PyDict_New());
    for (const auto &k : kwargs)
        PyDict_SetItemString(kw.get(), k.first.c_str(), k.second->asPython().get());
    PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
    PyRef cls = PyRef::steal(PyObject_Call(callee->object.get(), tuple.get(), kw.get()));
    if (!cls) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "namedtuple() raises");
    }
    return t.wrapUnguarded(cls.get());
}

ValuePtr instantiateNamedTuple(Tracer &t, PyObject *type, TraceArgs &args, TraceKwargs &kwargs) {
    auto *tp = reinterpret_cast<PyTypeObject *>(type);
    if (!PyType_IsSubtype(tp, &PyTuple_Type) || tp == &PyTuple_Type)
        return nullptr;
    // Only the __new__ namedtuple() generates (its globals are named "namedtuple_<typename>")
    // and no __init__ of its own: then calling the class only binds the fields.
    PyRef fields = PyRef::steal(PyObject_GetAttrString(type, "_fields"));
    PyRef newFn = PyRef::steal(PyObject_GetAttrString(type, "__new__"));
    PyRef defaults = PyRef::steal(PyObject_GetAttrString(type, "_field_defaults"));
    PyErr_Clear();
    if (!fields || !PyTuple_Check(fields.get()) || !newFn || !PyFunction_Check(newFn.get()) ||
        !defaults || !PyDict_Check(defaults.get()))
        return nullptr;
    PyObject *newName = PyDict_GetItemString(PyFunction_GET_GLOBALS(newFn.get()), "__name__");
    if (!newName || !PyUnicode_Check(newName) ||
        std::string(PyUnicode_AsUTF8(newName)).rfind("namedtuple_", 0) != 0)
        return nullptr;
    static PyObject *initName = PyUnicode_InternFromString("__init__");
    if (_PyType_Lookup(tp, initName) != _PyType_Lookup(&PyBaseObject_Type, initName))
        return nullptr;
    Py_ssize_t n = PyTuple_Size(fields.get());
    std::string qual = tp->tp_name;
    if (static_cast<Py_ssize_t>(args.size()) > n)
        throw GraphBreak(BreakId::PythonException,
                         qual + "() takes " + std::to_string(n) + " positional arguments");
    std::vector<ValuePtr> items(args.begin(), args.end());
    items.resize(n);
    for (auto &k : kwargs) {
        Py_ssize_t slot = -1;
        for (Py_ssize_t i = 0; i < n; ++i)
            if (k.first == PyUnicode_AsUTF8(PyTuple_GET_ITEM(fields.get(), i)))
                slot = i;
        if (slot < 0 || items[slot])
            throw GraphBreak(BreakId::PythonException,
                             qual + "() got an unexpected or repeated argument '" + k.first + "'");
        items[slot] = k.second;
    }
    auto v = SequenceValue::make(K::Tuple, {});
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject *field = PyTuple_GET_ITEM(fields.get(), i);
        if (!items[i]) {
            PyObject *d = PyDict_GetItemWithError(defaults.get(), field);
            if (!d) {
                PyErr_Clear();
                throw GraphBreak(BreakId::PythonException,
                                 qual + "() missing argument '" + PyUnicode_AsUTF8(field) + "'");
            }
            items[i] = t.wrapUnguarded(d);
        }
        v->fieldNames.push_back(PyRef::borrow(field));
    }
    v->items = std::move(items);
    v->pyType = PyRef::borrow(type);
    return v;
}

} // namespace dynascope::builtins
