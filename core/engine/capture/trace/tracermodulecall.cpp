// Calling an nn.Module inside the trace, as Dynamo inlines nn.Module.__call__ (_call_impl): a
// lazy module is initialised first on the call's example values (Dynamo's
// initialize_lazy_module); then the forward pre-hooks, the forward and the forward hooks are
// inlined in _call_impl's order, a hook's result replacing the inputs or the output. The hook
// dicts of a module read from a source are guarded on their keys, so a hook added or removed
// later recompiles instead of reusing code traced without it.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {

using K = Value::Kind;

// The hooks nn.Module.__call__ runs for every module (torch.nn.modules.module's
// _global_*_hooks) are not inlined: any of them makes the call a break. The GLOBAL_STATE guard
// notes whether there are any, so registering one later recompiles.
void refuseGlobalHooks() {
    if (py::anyGlobalModuleHooks())
        throw GraphBreak(BreakId::UnsupportedCall, "nn.Module call with global module hooks");
}

// The module's own hook dict `name` (borrowed): a break when it is missing or no dict.
PyObject *hookDict(PyObject *module, const char *name) {
    PyObject **dictPtr = _PyObject_GetDictPtr(module);
    PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, name) : nullptr;
    if (!d || !PyDict_Check(d))
        throw GraphBreak(BreakId::UnsupportedCall, std::string("nn.Module without ") + name);
    return d;
}

// The Python object a value stands for in a lazy module's initialisation: tensors as their
// example (meta) tensors, containers rebuilt around them, constants as themselves.
PyRef lazyExample(const ValuePtr &v) {
    switch (v->kind) {
    case K::Tensor:
        return v->as<TensorValue>()->meta;
    case K::SymInt:
        return v->object; // this trace's example value
    case K::Tuple:
    case K::List: {
        const auto *seq = v->as<SequenceValue>();
        PyRef items = PyRef::steal(PyList_New(0));
        for (const ValuePtr &i : seq->items) {
            PyRef e = lazyExample(i);
            if (!e)
                return {};
            PyList_Append(items.get(), e.get());
        }
        if (v->kind == K::List)
            return items;
        PyRef tuple = PyRef::steal(PyList_AsTuple(items.get()));
        if (!seq->pyType || seq->pyType.get() == reinterpret_cast<PyObject *>(&PyTuple_Type))
            return tuple;
        if (seq->fieldNames.empty())
            return {}; // a tuple subclass that is no named tuple: not rebuilt
        return PyRef::steal(PyObject_CallObject(seq->pyType.get(), tuple.get()));
    }
    case K::Dict: {
        const auto *d = v->as<DictValue>();
        if (d->pyType)
            return {};
        PyRef out = PyRef::steal(PyDict_New());
        for (size_t i = 0; i < d->keys.size(); ++i) {
            PyRef e = lazyExample(d->values[i]);
            if (!e)
                return {};
            PyDict_SetItem(out.get(), d->keys[i].get(), e.get());
        }
        return out;
    }
    default:
        return v->asPython();
    }
}

// Whether the module holds a meta tensor that is not a lazy placeholder: its initialisation kept
// (a view of) an example value, which has no data.
bool holdsMetaTensor(PyObject *module) {
    static PyObject *check = [] {
        const char *script =
            "lambda m: any(t.is_meta and not __import__('torch').nn.parameter.is_lazy(t) "
            "for t in __import__('itertools').chain(m.parameters(), m.buffers()))";
        PyRef globals = PyRef::steal(PyDict_New());
        PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
        return PyRun_String(script, Py_eval_input, globals.get(), globals.get());
    }();
    PyRef r = check ? PyRef::steal(PyObject_CallOneArg(check, module)) : PyRef();
    PyErr_Clear();
    return !r || r.get() != Py_False;
}

} // namespace

std::vector<ValuePtr> Tracer::moduleHooks(const ValuePtr &module, const char *name) {
    PyObject *d = hookDict(module->object.get(), name);
    SourcePtr dictSrc = module->source ? Source::attr(module->source, name) : nullptr;
    if (dictSrc)
        addGuard(Guard::dictKeys(dictSrc, d));
    std::vector<ValuePtr> hooks;
    PyObject *key, *hook;
    Py_ssize_t pos = 0;
    while (PyDict_Next(d, &pos, &key, &hook))
        hooks.push_back(dictSrc ? wrap(hook, Source::item(dictSrc, PyRef::borrow(key)))
                                : wrapUnguarded(hook));
    return hooks;
}

void Tracer::initializeLazyModule(const ValuePtr &module, const std::vector<ValuePtr> &args,
                                  const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *mod = module->object.get();
    if (!PyObject_HasAttrString(mod, "_initialize_hook")) {
        PyErr_Clear();
        return; // not lazy, or initialised already
    }
    if (!kwargs.empty())
        throw GraphBreak(BreakId::UnsupportedCall, "lazy nn.Module called with keywords");
    PyRef input = PyRef::steal(PyTuple_New(static_cast<Py_ssize_t>(args.size())));
    for (size_t i = 0; i < args.size(); ++i) {
        PyRef e = lazyExample(args[i]);
        if (!e) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnknownValue,
                             "lazy nn.Module argument " + args[i]->describe());
        }
        PyTuple_SET_ITEM(input.get(), static_cast<Py_ssize_t>(i), e.release());
    }
    // The module's own _infer_parameters(module, input), as its forward pre-hook would run it:
    // it initialises the parameters, removes the hook and may change the module's class.
    PyRef done = PyRef::steal(
        PyObject_CallMethod(mod, "_infer_parameters", "OO", mod, input.get()));
    if (!done) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException,
                         "initialising lazy " + std::string(Py_TYPE(mod)->tp_name) + " raises");
    }
    if (holdsMetaTensor(mod))
        throw GraphBreak(BreakId::UnsupportedCall,
                         "lazy nn.Module kept an example tensor as a parameter or buffer");
}

ValuePtr Tracer::callModule(const ValuePtr &fn, std::vector<ValuePtr> args,
                            std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    PyObject *mod = fn->object.get();
    // A class that overrides __call__: calling the module runs the override, as in CPython (its
    // hooks run only where it calls nn.Module.__call__ itself).
    static PyObject *callName = PyUnicode_InternFromString("__call__");
    PyObject *callDescr = _PyType_Lookup(Py_TYPE(mod), callName);
    if (callDescr !=
        _PyType_Lookup(reinterpret_cast<PyTypeObject *>(py::moduleType()), callName)) {
        if (!callDescr || !PyFunction_Check(callDescr))
            throw GraphBreak(BreakId::UnsupportedCall, "nn.Module with its own __call__");
        args.insert(args.begin(), fn);
        return call(wrapUnguarded(callDescr), std::move(args), std::move(kwargs));
    }
    return callModuleImpl(fn, std::move(args), std::move(kwargs));
}

bool Tracer::isModuleCallImpl(PyObject *f) {
    auto *moduleType = reinterpret_cast<PyTypeObject *>(py::moduleType());
    static PyObject *callName = PyUnicode_InternFromString("__call__");
    static PyObject *implName = PyUnicode_InternFromString("_call_impl");
    return f && (f == _PyType_Lookup(moduleType, callName) || f == _PyType_Lookup(moduleType, implName));
}

ValuePtr Tracer::callModuleImpl(const ValuePtr &fn, std::vector<ValuePtr> args,
                                std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    PyObject *mod = fn->object.get();
    initializeLazyModule(fn, args, kwargs);
    refuseGlobalHooks();
    // Hook kinds of later torch versions (keyword hooks, always-called hooks) are not modelled.
    for (const char *later : {"_forward_hooks_with_kwargs", "_forward_pre_hooks_with_kwargs",
                              "_forward_hooks_always_called"}) {
        PyObject **dictPtr = _PyObject_GetDictPtr(mod);
        PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, later) : nullptr;
        if (d && PyDict_Check(d) && PyDict_Size(d) > 0)
            throw GraphBreak(BreakId::UnsupportedCall, std::string("nn.Module with ") + later);
    }
    if (!moduleHooks(fn, "_backward_hooks").empty())
        throw GraphBreak(BreakId::UnsupportedCall, "nn.Module with backward hooks");
    std::vector<ValuePtr> preHooks = moduleHooks(fn, "_forward_pre_hooks");
    std::vector<ValuePtr> hooks = moduleHooks(fn, "_forward_hooks");

    // _call_impl: each pre-hook sees (module, input); a result other than None becomes the
    // input, wrapped in a tuple unless it is one.
    ValuePtr input = SequenceValue::make(K::Tuple, args);
    for (const ValuePtr &hook : preHooks) {
        ValuePtr r = call(hook, {fn, input}, {});
        if (r->isNone())
            continue;
        PyObject *type = r->pythonType();
        bool tupleType = type && PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(type),
                                                  &PyTuple_Type);
        if (tupleType && r->kind != K::Tuple)
            throw GraphBreak(BreakId::UnsupportedCall,
                             "forward pre-hook returned " + r->describe());
        input = r->kind == K::Tuple ? r : SequenceValue::make(K::Tuple, {r});
    }
    ValuePtr result = callForward(fn, input->as<SequenceValue>()->items, std::move(kwargs));
    // Each forward hook sees (module, input, output); a result other than None is the output.
    for (const ValuePtr &hook : hooks) {
        ValuePtr r = call(hook, {fn, input, result}, {});
        if (!r->isNone())
            result = r;
    }
    return result;
}

ValuePtr Tracer::callForward(const ValuePtr &fn, std::vector<ValuePtr> args,
                             std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    PyObject *mod = fn->object.get();
    // A forward set on the instance (mod.forward = types.MethodType(...)) is the one
    // __call__ runs; it is guarded by identity through the module's source.
    PyObject **dict = _PyObject_GetDictPtr(mod);
    if (PyObject *own = dict && *dict ? PyDict_GetItemString(*dict, "forward") : nullptr) {
        if (!fn->source)
            throw GraphBreak(BreakId::UnsupportedCall, "nn.Module with an instance forward");
        return call(wrap(own, Source::attr(fn->source, "forward")), std::move(args),
                    std::move(kwargs));
    }
    PyRef forward = PyRef::steal(
        PyObject_GetAttrString(reinterpret_cast<PyObject *>(Py_TYPE(mod)), "forward"));
    if (!forward || !PyFunction_Check(forward.get())) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnsupportedCall, "nn.Module without a Python forward");
    }
    // A staticmethod forward takes no self.
    static PyObject *forwardName = PyUnicode_InternFromString("forward");
    PyObject *descr = _PyType_Lookup(Py_TYPE(mod), forwardName);
    bool isStatic = descr && Py_TYPE(descr) == &PyStaticMethod_Type;
    if (!isStatic)
        args.insert(args.begin(), fn);
    // The class's forward holds while the instance gets none of its own (the module's
    // identity guard does not see its __dict__ change): mod.forward(.__func__) is it.
    if (fn->source) {
        SourcePtr bound = Source::attr(fn->source, "forward");
        addGuard(Guard::idMatch(isStatic ? bound : Source::attr(bound, "__func__"), forward.get()));
    }
    return call(wrapUnguarded(forward.get()), std::move(args), std::move(kwargs));
}

} // namespace dynascope
