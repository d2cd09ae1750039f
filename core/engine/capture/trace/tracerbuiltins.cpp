// Calls of builtins and library callables: the table in builtintable.cpp first, then the
// operator module, named tuple classes, folding when every input is a constant, a break otherwise.
#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"
#include "trace/tracer.h"

#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

} // namespace

PyRef builtins::foldCall(Tracer &t, PyObject *fn, const std::vector<ValuePtr> &args,
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

namespace {

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
        return tn == "torch.Size" || tn == "torch.device" || tn == "torch.finfo" ||
               tn == "torch.iinfo";
    }
    if (mod == "math" || mod == "_operator" || mod == "operator")
        return true;
    // inspect.unwrap bounds its loop by it (inspect.signature's first step); a limit changed
    // between calls changes no result that loop gives for a chain shorter than both limits.
    if (mod == "sys" && py::nameOf(fn) == "getrecursionlimit")
        return true;
    return mod == "builtins" && names.count(py::nameOf(fn));
}

} // namespace

// A torch.nn module (or a subclass whose construction runs only torch.nn's code, see
// Tracer::instantiate) made on constants. Only one without parameters or buffers: their initial
// values would come from the random generator at trace time, once, instead of on every call (the
// generator's state is put back before the break).
ValuePtr Tracer::makeLibraryModule(const ValuePtr &cls, std::vector<ValuePtr> &args,
                                   std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    std::string name = py::nameOf(cls->object.get());
    PyRef getState = PyRef::steal(PyObject_GetAttrString(py::torch(), "get_rng_state"));
    PyRef state = getState ? PyRef::steal(PyObject_CallNoArgs(getState.get())) : PyRef();
    if (!state) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnsupportedCall, "instantiating " + name);
    }
    PyRef module = builtins::foldCall(*this, cls->object.get(), args, kwargs);
    const char *script = "lambda m: any(True for _ in m.parameters()) or "
                         "any(True for _ in m.buffers())";
    static PyObject *holdsTensors = [&] {
        PyRef globals = PyRef::steal(PyDict_New());
        PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
        return PyRun_String(script, Py_eval_input, globals.get(), globals.get());
    }();
    PyRef holds =
        holdsTensors ? PyRef::steal(PyObject_CallOneArg(holdsTensors, module.get())) : PyRef();
    if (!holds || holds.get() != Py_False) {
        PyErr_Clear();
        PyRef setState = PyRef::steal(PyObject_GetAttrString(py::torch(), "set_rng_state"));
        PyRef(PyRef::steal(setState ? PyObject_CallOneArg(setState.get(), state.get()) : nullptr));
        PyErr_Clear();
        throw GraphBreak(BreakId::UnsupportedCall, "instantiating " + name + " with parameters");
    }
    return wrapUnguarded(module.get());
}

ValuePtr Tracer::callBuiltin(const ValuePtr &fn, std::vector<ValuePtr> &args,
                             std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *f = fn->object.get();
    std::string name = py::nameOf(f);
    std::string mod = py::moduleOf(f);
    if (name == "graph_break" && mod == "_dynascope_capture")
        throw GraphBreak(BreakId::GraphBreakCall, "torch._dynamo.graph_break()");
    // A handler that runs user code (map, sorted's key, reduce…) may run it in another order
    // than CPython: an exception from it is a break.
    if (BuiltinHandler handler = BuiltinTable::instance().find(f))
        if (ValuePtr v = sealRaises([&] { return handler(*this, fn, args, kwargs); }))
            return v;
    if (PyExceptionClass_Check(f))
        if (ValuePtr v = makeException(f, args, kwargs))
            return v;
    if ((f == py::builtin("str") || f == py::builtin("repr")) && args.size() == 1 &&
        kwargs.empty() && args[0]->kind == K::Exception)
        if (ValuePtr v = exceptionText(args[0], f == py::builtin("repr")))
            return v;
    if (isObjectSlot(f))
        if (ValuePtr v = callObjectSlot(f, args, kwargs))
            return v;
    if (PyType_Check(f)) {
        if (ValuePtr v = builtins::instantiateNamedTuple(*this, f, args, kwargs))
            return v;
        // A torch.nn module class on constants (nn.Softmax(dim=1)): made now, as Dynamo does;
        // one that owns parameters breaks when forward reads them (they have no source).
        if (PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(f),
                             reinterpret_cast<PyTypeObject *>(py::moduleType())) &&
            mod.rfind("torch.nn.modules", 0) == 0 && allConstant(args, kwargs))
            return makeLibraryModule(fn, args, kwargs);
    }
    if (mod == "_operator" || mod == "operator") {
        bool anyTensor = false;
        for (const ValuePtr &a : args)
            anyTensor = anyTensor || a->kind == K::Tensor;
        if (anyTensor)
            return callGraph("call_function", "operator." + name, fn->object, f, args, kwargs);
        if (name == "getitem" && args.size() == 2)
            return subscript(args[0], args[1]);
        // The operator's own meaning (a list changed in place by iadd/setitem, `is` of one
        // object), never a fold on copies of the containers.
        if (kwargs.empty())
            if (ValuePtr v = operatorCall(name, args))
                return v;
    }
    if (isPureBuiltin(f) && allConstant(args, kwargs))
        return wrapUnguarded(builtins::foldCall(*this, f, args, kwargs).get());
    // A user class (or a library class written in Python): a new object, traced.
    if (PyType_Check(f))
        if (ValuePtr v = instantiate(fn, args, kwargs))
            return v;
    if (PyType_Check(f))
        throw GraphBreak(BreakId::UnsupportedCall,
                         std::string("instantiating ") +
                             reinterpret_cast<PyTypeObject *>(f)->tp_name);
    throw GraphBreak(BreakId::UnsupportedCall, (mod.empty() ? "" : mod + ".") + name);
}

} // namespace dynascope
