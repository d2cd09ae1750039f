// Calls of builtins (the table in builtintable.cpp first) and of methods of lists, dicts and
// constants: modelled on Values, folded when every input is a constant, a break otherwise.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"
#include "trace/tracer.h"

#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

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
        throw GraphBreak(BreakId::PythonException, "constant call raises");
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

} // namespace

ValuePtr Tracer::callBuiltin(const ValuePtr &fn, std::vector<ValuePtr> &args,
                             std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *f = fn->object.get();
    std::string name = py::nameOf(f);
    std::string mod = py::moduleOf(f);
    if (name == "graph_break" && mod == "_dynascope_capture")
        throw GraphBreak(BreakId::GraphBreakCall, "torch._dynamo.graph_break()");
    if (BuiltinHandler handler = BuiltinTable::instance().find(f, name))
        if (ValuePtr v = handler(*this, fn, args, kwargs))
            return v;
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
        throw GraphBreak(BreakId::UnsupportedCall,
                         std::string("instantiating ") +
                             reinterpret_cast<PyTypeObject *>(f)->tp_name);
    throw GraphBreak(BreakId::UnsupportedCall, (mod.empty() ? "" : mod + ".") + name);
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
                throw GraphBreak(BreakId::PythonException, "pop index out of range");
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
    throw GraphBreak(BreakId::UnsupportedCall, self->describe() + "." + name + "()");
}

} // namespace dynascope
