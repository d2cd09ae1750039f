// The builtin handlers: modelled on Values (len of a list, isinstance of a tensor, enumerate, zip,
// list(), map…) so they trace without running; a handler returns null to leave a call shape to
// the generic path.
#include "trace/builtintable.h"

#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>
#include <cstdint>

namespace dynascope {

namespace {

using K = Value::Kind;

PyObject *pythonTypeOf(const ValuePtr &v) {
    switch (v->kind) {
    case K::Tensor:
        return py::tensorType();
    case K::Tuple:
        return v->object ? reinterpret_cast<PyObject *>(Py_TYPE(v->object.get()))
                         : reinterpret_cast<PyObject *>(&PyTuple_Type);
    case K::List:
        return reinterpret_cast<PyObject *>(&PyList_Type);
    case K::Dict:
        return reinterpret_cast<PyObject *>(&PyDict_Type);
    case K::NestedFunction:
        return reinterpret_cast<PyObject *>(&PyFunction_Type);
    default:
        return v->object ? reinterpret_cast<PyObject *>(Py_TYPE(v->object.get())) : nullptr;
    }
}

std::string nameOf(const ValuePtr &fn) {
    return py::nameOf(fn->object.get());
}

// print, input, open, breakpoint: effects the graph cannot hold.
ValuePtr callWithEffects(Tracer &, const ValuePtr &fn, TraceArgs &, TraceKwargs &) {
    throw GraphBreak(BreakId::UnsupportedBuiltin, nameOf(fn));
}

ValuePtr callLen(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    if (args.size() != 1)
        return nullptr;
    const ValuePtr &a = args[0];
    if (a->isSequence() || a->kind == K::Dict)
        return Value::constant(PyRef::steal(PyLong_FromSize_t(a->items.size())));
    if (a->kind == K::DictView)
        return Value::constant(PyRef::steal(PyLong_FromSize_t(a->self->items.size())));
    if (a->kind == K::Tensor) {
        ValuePtr shape = t.getAttr(a, "shape");
        if (PyTuple_Size(shape->object.get()) == 0)
            throw GraphBreak(BreakId::PythonException, "len() of a 0-d tensor");
        return t.wrapUnguarded(PyTuple_GET_ITEM(shape->object.get(), 0));
    }
    if (a->kind == K::NNModule)
        return Value::constant(PyRef::steal(PyLong_FromSsize_t(PyObject_Length(a->object.get()))));
    return nullptr;
}

ValuePtr callIsinstance(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    if (args.size() != 2)
        return nullptr;
    PyObject *type = pythonTypeOf(args[0]);
    PyRef cls = t.constantOf(args[1], "isinstance class");
    if (!type)
        throw GraphBreak(BreakId::UnknownValue, "isinstance of " + args[0]->describe());
    int r = args[0]->object && args[0]->kind != K::Tensor
                ? PyObject_IsInstance(args[0]->object.get(), cls.get())
                : PyObject_IsSubclass(type, cls.get());
    if (r < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "isinstance raises");
    }
    return Value::constant(PyBool_FromLong(r));
}

ValuePtr callType(Tracer &, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    if (args.size() != 1)
        return nullptr;
    PyObject *type = pythonTypeOf(args[0]);
    return type ? Value::constant(type) : nullptr;
}

// getattr(obj, name[, default]) and hasattr(obj, name).
ValuePtr callGetattr(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &) {
    if (args.size() != 2 && args.size() != 3)
        return nullptr;
    bool has = nameOf(fn) == "hasattr";
    PyRef attrName = t.constantOf(args[1], "attribute name");
    if (!PyUnicode_Check(attrName.get()))
        throw GraphBreak(BreakId::PythonException, "attribute name must be a string");
    const std::string attr = PyUnicode_AsUTF8(attrName.get());
    // Whether the attribute exists is part of what the trace assumed (Dynamo's HASATTR).
    bool guardable =
        args[0]->source && (args[0]->kind == K::UserObject || args[0]->kind == K::NNModule);
    try {
        ValuePtr v = t.getAttr(args[0], attr);
        if (!has)
            return v;
        if (guardable)
            t.addGuard(Guard::hasAttr(args[0]->source, attr, true));
        return Value::constant(Py_True);
    } catch (const GraphBreak &b) {
        if (b.id() != BreakId::PythonException)
            throw;
        if (guardable)
            t.addGuard(Guard::hasAttr(args[0]->source, attr, false));
        if (has)
            return Value::constant(Py_False);
        if (args.size() == 3)
            return args[2];
        throw;
    }
}

ValuePtr callEnumerate(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty())
        return nullptr;
    long start = 0;
    if (args.size() > 1)
        start = PyLong_AsLong(t.constantOf(args[1], "enumerate start").get());
    for (const auto &k : kwargs)
        if (k.first == "start")
            start = PyLong_AsLong(t.constantOf(k.second, "enumerate start").get());
    ValuePtr it = t.iterate(args[0]);
    auto out = Value::ofKind(K::Iterator);
    for (size_t i = it->index; i < it->items.size(); ++i)
        out->items.push_back(Value::sequence(
            K::Tuple, {Value::constant(PyRef::steal(PyLong_FromLong(start++))), it->items[i]}));
    return out;
}

// Rows of the iterables' remaining items, as zip() and map() see them now (Dynamo unrolls both).
std::vector<std::vector<ValuePtr>> zipRows(Tracer &t, TraceArgs::const_iterator first,
                                           TraceArgs::const_iterator last) {
    std::vector<ValuePtr> its;
    size_t n = SIZE_MAX;
    for (auto a = first; a != last; ++a) {
        its.push_back(t.iterate(*a));
        n = std::min(n, its.back()->items.size() - its.back()->index);
    }
    std::vector<std::vector<ValuePtr>> rows;
    for (size_t i = 0; !its.empty() && i < n; ++i) {
        std::vector<ValuePtr> row;
        for (const ValuePtr &it : its)
            row.push_back(it->items[it->index + i]);
        rows.push_back(std::move(row));
    }
    return rows;
}

ValuePtr callZip(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (!kwargs.empty())
        return nullptr;
    auto out = Value::ofKind(K::Iterator);
    for (std::vector<ValuePtr> &row : zipRows(t, args.begin(), args.end()))
        out->items.push_back(Value::sequence(K::Tuple, row));
    return out;
}

ValuePtr callMap(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() < 2 || !kwargs.empty())
        return nullptr;
    auto out = Value::ofKind(K::Iterator);
    for (std::vector<ValuePtr> &row : zipRows(t, args.begin() + 1, args.end()))
        out->items.push_back(t.call(args[0], row, {}));
    return out;
}

// list(iterable) and tuple(iterable).
ValuePtr callSequence(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 1 || !kwargs.empty())
        return nullptr;
    std::vector<ValuePtr> items;
    if (!args.empty()) {
        ValuePtr it = t.iterate(args[0]);
        items.assign(it->items.begin() + it->index, it->items.end());
    }
    return Value::sequence(nameOf(fn) == "list" ? K::List : K::Tuple, items);
}

ValuePtr callDict(Tracer &, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (!args.empty())
        return nullptr;
    auto d = Value::ofKind(K::Dict);
    for (auto &k : kwargs) {
        d->keys.push_back(PyRef::steal(PyUnicode_FromString(k.first.c_str())));
        d->items.push_back(k.second);
    }
    return d;
}

ValuePtr callIter(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    return args.size() == 1 ? t.iterate(args[0]) : nullptr;
}

ValuePtr callNext(Tracer &, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    if (args.empty() || args[0]->kind != K::Iterator)
        return nullptr;
    ValuePtr it = args[0];
    if (it->index < static_cast<int>(it->items.size()))
        return it->items[it->index++];
    if (args.size() > 1)
        return args[1];
    throw GraphBreak(BreakId::PythonException, "StopIteration");
}

ValuePtr callAbs(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &) {
    if (args.size() != 1 || args[0]->kind != K::Tensor)
        return nullptr;
    PyRef torchAbs = PyRef::steal(PyObject_GetAttrString(py::torch(), "abs"));
    return t.callGraph("call_function", "torch.abs", torchAbs, torchAbs.get(), args, {});
}

ValuePtr callSum(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty() || allConstant(args, kwargs))
        return nullptr;
    ValuePtr it = t.iterate(args[0]);
    ValuePtr acc = args.size() > 1 ? args[1] : Value::constant(PyRef::steal(PyLong_FromLong(0)));
    for (const auto &k : kwargs) {
        if (k.first != "start")
            throw GraphBreak(BreakId::PythonException,
                             "sum() got an unexpected keyword argument '" + k.first + "'");
        acc = k.second;
    }
    for (size_t i = it->index; i < it->items.size(); ++i)
        acc = t.binaryOp(0, acc, it->items[i]);
    return acc;
}

// float(), int(), bool() of a tensor need its data.
ValuePtr callNumber(Tracer &, const ValuePtr &fn, TraceArgs &args, TraceKwargs &) {
    if (args.size() == 1 && args[0]->kind == K::Tensor)
        throw GraphBreak(BreakId::TensorItem, nameOf(fn) + "() of a tensor");
    return nullptr;
}

ValuePtr callMinMax(Tracer &, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if (!allConstant(args, kwargs))
        throw GraphBreak(BreakId::TensorPythonOp, nameOf(fn) + "() over tensors");
    return nullptr;
}

} // namespace

bool allConstant(const TraceArgs &args, const TraceKwargs &kwargs) {
    for (const ValuePtr &a : args)
        if (!a->asPython())
            return false;
    for (const auto &k : kwargs)
        if (!k.second->asPython())
            return false;
    return true;
}

BuiltinTable::BuiltinTable()
    : m_handlers{{"print", callWithEffects}, {"input", callWithEffects},
                 {"open", callWithEffects},  {"breakpoint", callWithEffects},
                 {"len", callLen},           {"isinstance", callIsinstance},
                 {"type", callType},         {"getattr", callGetattr},
                 {"hasattr", callGetattr},   {"enumerate", callEnumerate},
                 {"zip", callZip},           {"map", callMap},
                 {"list", callSequence},     {"tuple", callSequence},
                 {"dict", callDict},         {"iter", callIter},
                 {"next", callNext},         {"abs", callAbs},
                 {"sum", callSum},           {"float", callNumber},
                 {"int", callNumber},        {"bool", callNumber},
                 {"min", callMinMax},        {"max", callMinMax}} {}

const BuiltinTable &BuiltinTable::instance() {
    static const BuiltinTable table;
    return table;
}

BuiltinHandler BuiltinTable::find(PyObject *fn, const std::string &name) const {
    auto it = m_handlers.find(name);
    if (it == m_handlers.end() || py::builtin(name.c_str()) != fn)
        return nullptr;
    return it->second;
}

std::vector<std::string> BuiltinTable::names() const {
    std::vector<std::string> out;
    for (const auto &h : m_handlers)
        out.push_back(h.first);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace dynascope
