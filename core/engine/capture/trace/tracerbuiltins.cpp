// Builtins (len, isinstance, range, enumerate, zip, min/max…) and methods of lists, dicts and
// constants: modelled on Values, folded when every input is a constant, a break otherwise.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

bool is(const ValuePtr &fn, const char *builtinName) {
    return fn->object.get() == py::builtin(builtinName);
}

bool allConstant(const std::vector<ValuePtr> &args,
                 const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    for (const ValuePtr &a : args)
        if (!a->asPython())
            return false;
    for (const auto &k : kwargs)
        if (!k.second->asPython())
            return false;
    return true;
}

PyRef foldCall(Tracer &t, PyObject *fn, const std::vector<ValuePtr> &args,
               const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyRef list = PyRef::steal(PyList_New(0));
    for (const ValuePtr &a : args)
        PyList_Append(list.get(), t.constantOf(a, "argument").get());
    PyRef kw = PyRef::steal(PyDict_New());
    for (const auto &k : kwargs)
        PyDict_SetItemString(kw.get(), k.first.c_str(), t.constantOf(k.second, "argument").get());
    PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
    PyRef r = PyRef::steal(PyObject_Call(fn, tuple.get(), kw.get()));
    if (!r) {
        PyErr_Clear();
        throw GraphBreak("python_exception", "constant call raises");
    }
    return r;
}

// Builtins without side effects that may run at trace time on constants.
bool isPureBuiltin(PyObject *fn) {
    static const std::set<std::string> names = {
        "abs",        "min",      "max",     "round",  "divmod",   "pow",      "ord",
        "chr",        "int",      "float",   "bool",   "str",      "len",      "sum",
        "sorted",     "reversed", "all",     "any",    "tuple",    "list",     "dict",
        "range",      "slice",    "repr",    "hash",   "type",     "callable", "isinstance",
        "issubclass", "hasattr",  "complex", "format", "frozenset"};
    std::string mod = py::moduleOf(fn);
    if (PyType_Check(fn)) {
        PyObject *self = fn;
        for (const std::string &n : names)
            if (py::builtin(n.c_str()) == self)
                return true;
        std::string tn = reinterpret_cast<PyTypeObject *>(fn)->tp_name;
        return tn == "torch.Size" || tn == "torch.device";
    }
    if (mod == "math" || mod == "_operator" || mod == "operator")
        return true;
    return mod == "builtins" && names.count(py::nameOf(fn));
}

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

} // namespace

ValuePtr Tracer::callBuiltin(const ValuePtr &fn, std::vector<ValuePtr> &args,
                             std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *f = fn->object.get();
    std::string name = py::nameOf(f);
    std::string mod = py::moduleOf(f);
    if (name == "graph_break" && mod == "_dynascope_capture")
        throw GraphBreak("graph_break_call", "torch._dynamo.graph_break()");
    if (is(fn, "print") || is(fn, "input") || is(fn, "open") || is(fn, "breakpoint"))
        throw GraphBreak("unsupported_builtin", name);
    if (is(fn, "len") && args.size() == 1) {
        const ValuePtr &a = args[0];
        if (a->isSequence() || a->kind == K::Dict)
            return Value::constant(PyRef::steal(PyLong_FromSize_t(a->items.size())));
        if (a->kind == K::DictView)
            return Value::constant(PyRef::steal(PyLong_FromSize_t(a->self->items.size())));
        if (a->kind == K::Tensor) {
            ValuePtr shape = getAttr(a, "shape");
            if (PyTuple_Size(shape->object.get()) == 0)
                throw GraphBreak("python_exception", "len() of a 0-d tensor");
            return wrapUnguarded(PyTuple_GET_ITEM(shape->object.get(), 0));
        }
        if (a->kind == K::NNModule)
            return Value::constant(
                PyRef::steal(PyLong_FromSsize_t(PyObject_Length(a->object.get()))));
    }
    if (is(fn, "isinstance") && args.size() == 2) {
        PyObject *type = pythonTypeOf(args[0]);
        PyRef cls = constantOf(args[1], "isinstance class");
        if (!type)
            throw GraphBreak("unknown_value", "isinstance of " + args[0]->describe());
        int r = args[0]->object && args[0]->kind != K::Tensor
                    ? PyObject_IsInstance(args[0]->object.get(), cls.get())
                    : PyObject_IsSubclass(type, cls.get());
        if (r < 0) {
            PyErr_Clear();
            throw GraphBreak("python_exception", "isinstance raises");
        }
        return Value::constant(PyBool_FromLong(r));
    }
    if (is(fn, "type") && args.size() == 1) {
        PyObject *type = pythonTypeOf(args[0]);
        if (type)
            return Value::constant(type);
    }
    if ((is(fn, "getattr") || is(fn, "hasattr")) && (args.size() == 2 || args.size() == 3)) {
        PyRef attrName = constantOf(args[1], "attribute name");
        if (!PyUnicode_Check(attrName.get()))
            throw GraphBreak("python_exception", "attribute name must be a string");
        const std::string attr = PyUnicode_AsUTF8(attrName.get());
        // Whether the attribute exists is part of what the trace assumed (Dynamo's HASATTR).
        bool guardable =
            args[0]->source && (args[0]->kind == K::UserObject || args[0]->kind == K::NNModule);
        try {
            ValuePtr v = getAttr(args[0], attr);
            if (!is(fn, "hasattr"))
                return v;
            if (guardable)
                addGuard(Guard::hasAttr(args[0]->source, attr, true));
            return Value::constant(Py_True);
        } catch (const GraphBreak &b) {
            if (b.typeId() != "python_exception")
                throw;
            if (guardable)
                addGuard(Guard::hasAttr(args[0]->source, attr, false));
            if (is(fn, "hasattr"))
                return Value::constant(Py_False);
            if (args.size() == 3)
                return args[2];
            throw;
        }
    }
    if (is(fn, "enumerate") && !args.empty()) {
        long start = 0;
        if (args.size() > 1)
            start = PyLong_AsLong(constantOf(args[1], "enumerate start").get());
        for (const auto &k : kwargs)
            if (k.first == "start")
                start = PyLong_AsLong(constantOf(k.second, "enumerate start").get());
        ValuePtr it = iterate(args[0]);
        auto out = Value::ofKind(K::Iterator);
        for (size_t i = it->index; i < it->items.size(); ++i)
            out->items.push_back(Value::sequence(
                K::Tuple, {Value::constant(PyRef::steal(PyLong_FromLong(start++))), it->items[i]}));
        return out;
    }
    if (is(fn, "zip") && kwargs.empty()) {
        std::vector<ValuePtr> its;
        size_t n = SIZE_MAX;
        for (const ValuePtr &a : args) {
            its.push_back(iterate(a));
            n = std::min(n, its.back()->items.size() - its.back()->index);
        }
        auto out = Value::ofKind(K::Iterator);
        for (size_t i = 0; !its.empty() && i < n; ++i) {
            std::vector<ValuePtr> row;
            for (const ValuePtr &it : its)
                row.push_back(it->items[it->index + i]);
            out->items.push_back(Value::sequence(K::Tuple, row));
        }
        return out;
    }
    if ((is(fn, "list") || is(fn, "tuple")) && args.size() <= 1 && kwargs.empty()) {
        std::vector<ValuePtr> items;
        if (!args.empty()) {
            ValuePtr it = iterate(args[0]);
            items.assign(it->items.begin() + it->index, it->items.end());
        }
        return Value::sequence(is(fn, "list") ? K::List : K::Tuple, items);
    }
    if (is(fn, "dict") && args.empty()) {
        auto d = Value::ofKind(K::Dict);
        for (auto &k : kwargs) {
            d->keys.push_back(PyRef::steal(PyUnicode_FromString(k.first.c_str())));
            d->items.push_back(k.second);
        }
        return d;
    }
    if (is(fn, "map") && args.size() >= 2 && kwargs.empty()) {
        // Eager, as Dynamo unrolls it: map over what the iterables hold now.
        std::vector<ValuePtr> its;
        size_t n = SIZE_MAX;
        for (size_t i = 1; i < args.size(); ++i) {
            its.push_back(iterate(args[i]));
            n = std::min(n, its.back()->items.size() - its.back()->index);
        }
        auto out = Value::ofKind(K::Iterator);
        for (size_t i = 0; i < n; ++i) {
            std::vector<ValuePtr> row;
            for (const ValuePtr &it : its)
                row.push_back(it->items[it->index + i]);
            out->items.push_back(call(args[0], row, {}));
        }
        return out;
    }
    if (is(fn, "iter") && args.size() == 1)
        return iterate(args[0]);
    if (is(fn, "next") && !args.empty() && args[0]->kind == K::Iterator) {
        ValuePtr it = args[0];
        if (it->index < static_cast<int>(it->items.size()))
            return it->items[it->index++];
        if (args.size() > 1)
            return args[1];
        throw GraphBreak("python_exception", "StopIteration");
    }
    if (is(fn, "abs") && args.size() == 1 && args[0]->kind == K::Tensor) {
        PyRef torchAbs = PyRef::steal(PyObject_GetAttrString(py::torch(), "abs"));
        return callGraph("call_function", "torch.abs", torchAbs, torchAbs.get(), args, {});
    }
    if (is(fn, "sum") && !args.empty() && !allConstant(args, kwargs)) {
        ValuePtr it = iterate(args[0]);
        ValuePtr acc =
            args.size() > 1 ? args[1] : Value::constant(PyRef::steal(PyLong_FromLong(0)));
        for (const auto &k : kwargs) {
            if (k.first != "start")
                throw GraphBreak("python_exception",
                                 "sum() got an unexpected keyword argument '" + k.first + "'");
            acc = k.second;
        }
        for (size_t i = it->index; i < it->items.size(); ++i)
            acc = binaryOp(0, acc, it->items[i]);
        return acc;
    }
    if ((is(fn, "float") || is(fn, "int") || is(fn, "bool")) && args.size() == 1 &&
        args[0]->kind == K::Tensor)
        throw GraphBreak("tensor_item", name + "() of a tensor");
    if ((is(fn, "min") || is(fn, "max")) && !allConstant(args, kwargs))
        throw GraphBreak("tensor_python_op", name + "() over tensors");
    if (mod == "_operator" || mod == "operator") {
        bool anyTensor = false;
        for (const ValuePtr &a : args)
            anyTensor = anyTensor || a->kind == K::Tensor;
        if (anyTensor)
            return callGraph("call_function", "operator." + name, fn->object, f, args, kwargs);
        if (name == "getitem" && args.size() == 2)
            return subscript(args[0], args[1]);
    }
    if (isPureBuiltin(f) && allConstant(args, kwargs))
        return wrapUnguarded(foldCall(*this, f, args, kwargs).get());
    if (PyType_Check(f))
        throw GraphBreak("unsupported_call", std::string("instantiating ") +
                                                 reinterpret_cast<PyTypeObject *>(f)->tp_name);
    throw GraphBreak("unsupported_call", (mod.empty() ? "" : mod + ".") + name);
}

ValuePtr Tracer::callObjectMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                                  std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    const ValuePtr &self = m->self;
    const std::string &name = m->name;
    auto mutated = [&] {
        if (self->source)
            self->mutated = true;
    };
    if (self->kind == K::List) {
        if (name == "append" && args.size() == 1) {
            self->items.push_back(args[0]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "extend" && args.size() == 1) {
            ValuePtr it = iterate(args[0]);
            self->items.insert(self->items.end(), it->items.begin() + it->index, it->items.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "pop" && args.size() <= 1 && !self->items.empty()) {
            long i = args.empty() ? -1 : PyLong_AsLong(constantOf(args[0], "pop index").get());
            long n = static_cast<long>(self->items.size());
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                throw GraphBreak("python_exception", "pop index out of range");
            ValuePtr v = self->items[i];
            self->items.erase(self->items.begin() + i);
            mutated();
            return v;
        }
        if (name == "insert" && args.size() == 2) {
            long i = PyLong_AsLong(constantOf(args[0], "insert index").get());
            long n = static_cast<long>(self->items.size());
            i = i < 0 ? std::max(0L, i + n) : std::min(i, n);
            self->items.insert(self->items.begin() + i, args[1]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "copy" && args.empty())
            return Value::sequence(K::List, self->items);
        if (name == "reverse" && args.empty()) {
            std::reverse(self->items.begin(), self->items.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "clear" && args.empty()) {
            self->items.clear();
            mutated();
            return Value::constant(Py_None);
        }
    }
    if (self->kind == K::Dict) {
        if ((name == "items" || name == "keys" || name == "values") && args.empty())
            return Value::method(K::DictView, self, name);
        if (name == "get" && !args.empty()) {
            PyRef k = constantOf(args[0], "dict key");
            for (size_t i = 0; i < self->keys.size(); ++i)
                if (PyObject_RichCompareBool(self->keys[i].get(), k.get(), Py_EQ) == 1)
                    return self->items[i];
            PyErr_Clear();
            return args.size() > 1 ? args[1] : Value::constant(Py_None);
        }
    }
    if (self->kind == K::Constant || self->kind == K::Tuple) {
        PyRef obj = constantOf(self, "method receiver");
        PyRef bound = PyRef::steal(PyObject_GetAttrString(obj.get(), name.c_str()));
        if (bound && allConstant(args, kwargs)) {
            std::string tn = Py_TYPE(obj.get())->tp_name;
            static const std::set<std::string> pureTypes = {
                "str",        "bytes",       "int",          "float",    "tuple", "bool", "complex",
                "torch.Size", "torch.dtype", "torch.device", "NoneType", "range", "slice"};
            if (pureTypes.count(tn))
                return wrapUnguarded(foldCall(*this, bound.get(), args, kwargs).get());
        }
        PyErr_Clear();
    }
    throw GraphBreak("unsupported_call", self->describe() + "." + name + "()");
}

} // namespace dynascope
