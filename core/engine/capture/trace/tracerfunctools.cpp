// functools in the trace: partial objects, made in the trace (a Partial value, Dynamo's
// FunctoolsPartialVariable) or passed in (read through their attributes), their calls and
// attributes; and functions wrapped by functools.lru_cache, traced through __wrapped__ as Dynamo
// does (with Dynamo's warning: the cache is not consulted).
#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>

namespace dynascope {

namespace {

using K = Value::Kind;

// A Dict value's entries as call keywords; CPython's partial only holds string keys.
TraceKwargs keywordsOf(const ValuePtr &dict) {
    const auto *d = dict->as<DictValue>();
    TraceKwargs out;
    for (size_t i = 0; i < d->keys.size(); ++i) {
        if (!PyUnicode_Check(d->keys[i].get()))
            throw GraphBreak(BreakId::PythonException, "keywords must be strings");
        out.push_back({PyUnicode_AsUTF8(d->keys[i].get()), d->values[i]});
    }
    return out;
}

// `more` merged into `into` as {**into, **more}: a name already there keeps its place and takes
// the new value (partial_call's PyDict_Merge, and partial_new's for a partial of a partial).
void mergeKeywords(TraceKwargs &into, const TraceKwargs &more) {
    for (const auto &k : more) {
        auto same = std::find_if(into.begin(), into.end(),
                                 [&](const auto &e) { return e.first == k.first; });
        if (same != into.end())
            same->second = k.second;
        else
            into.push_back(k);
    }
}

std::shared_ptr<DictValue> keywordDict(const TraceKwargs &kwargs) {
    auto d = std::make_shared<DictValue>();
    for (const auto &k : kwargs) {
        d->keys.push_back(PyRef::steal(PyUnicode_FromString(k.first.c_str())));
        d->values.push_back(k.second);
    }
    return d;
}

} // namespace

// functools.partial(func, /, *args, **keywords): a Partial value with a new args tuple and a new
// keywords dict, as partial_new makes them.
ValuePtr builtins::callPartial(Tracer &, const ValuePtr &cls, TraceArgs &args,
                               TraceKwargs &kwargs) {
    if (args.empty())
        throw GraphBreak(BreakId::PythonException, "type 'partial' takes at least one argument");
    ValuePtr func = args[0];
    std::vector<ValuePtr> bound(args.begin() + 1, args.end());
    TraceKwargs keywords;
    if (const auto *inner = func->tryAs<PartialValue>()) {
        // partial(partial(f, a, k=1), b, k=2) is partial(f, a, b, k=2): CPython unwraps a partial
        // without an instance dict, which one made in the trace never has.
        bound.insert(bound.begin(), inner->args->as<SequenceValue>()->items.begin(),
                     inner->args->as<SequenceValue>()->items.end());
        keywords = keywordsOf(inner->keywords);
        func = inner->func;
    } else if (func->object &&
               PyObject_TypeCheck(func->object.get(),
                                  reinterpret_cast<PyTypeObject *>(cls->object.get()))) {
        // Whether CPython unwraps it depends on its instance dict, which the trace does not
        // guard.
        throw GraphBreak(BreakId::UnsupportedCall,
                         "functools.partial of a partial made outside the trace");
    }
    int callable = func->isCallable();
    if (callable != 1)
        throw GraphBreak(callable == 0 ? BreakId::PythonException : BreakId::UnknownValue,
                         "functools.partial: the first argument must be callable (" +
                             func->describe() + ")");
    mergeKeywords(keywords, kwargs);
    return std::make_shared<PartialValue>(cls->object, func, SequenceValue::make(K::Tuple, bound),
                                          keywordDict(keywords));
}

// p(*args, **kwargs) is p.func(*p.args, *args, **{**p.keywords, **kwargs}).
ValuePtr Tracer::callPartial(const ValuePtr &partial, std::vector<ValuePtr> args,
                             std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    const auto *p = partial->as<PartialValue>();
    std::vector<ValuePtr> all = p->args->as<SequenceValue>()->items;
    all.insert(all.end(), args.begin(), args.end());
    TraceKwargs keywords = keywordsOf(p->keywords);
    mergeKeywords(keywords, kwargs);
    return call(p->func, std::move(all), std::move(keywords));
}

// A functools.partial object from outside the trace: its func, args and keywords read with
// sources (L['p'].func), then called as a Partial value would be. Null for other objects.
ValuePtr Tracer::callPartialObject(const ValuePtr &fn, std::vector<ValuePtr> &args,
                                   std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *o = fn->object.get();
    if (std::string(Py_TYPE(o)->tp_name) != "functools.partial")
        return nullptr;
    const SourcePtr &src = fn->source;
    PyRef pfn = PyRef::steal(PyObject_GetAttrString(o, "func"));
    PyRef pargs = PyRef::steal(PyObject_GetAttrString(o, "args"));
    PyRef pkw = PyRef::steal(PyObject_GetAttrString(o, "keywords"));
    if (!pfn || !pargs || !pkw || !PyDict_Check(pkw.get())) {
        PyErr_Clear();
        return nullptr;
    }
    ValuePtr func = wrap(pfn.get(), src ? Source::attr(src, "func") : nullptr);
    ValuePtr bound = wrap(pargs.get(), src ? Source::attr(src, "args") : nullptr);
    ValuePtr keywords = wrap(pkw.get(), src ? Source::attr(src, "keywords") : nullptr);
    auto made = std::make_shared<PartialValue>(
        PyRef::borrow(reinterpret_cast<PyObject *>(Py_TYPE(o))), func, bound, keywords);
    return callPartial(made, std::move(args), std::move(kwargs));
}

// p.func, p.args, p.keywords: the values the partial holds (the same objects each time).
ValuePtr Tracer::partialAttr(const ValuePtr &obj, const std::string &name) {
    const auto *p = obj->as<PartialValue>();
    if (name == "func")
        return p->func;
    if (name == "args")
        return p->args;
    if (name == "keywords")
        return p->keywords;
    if (name == "__class__")
        return Value::constant(p->cls);
    throw GraphBreak(BreakId::UnsupportedAttribute, obj->describe() + "." + name);
}

// A function wrapped by functools.lru_cache: Dynamo traces its __wrapped__ function (the one
// update_wrapper stored in the wrapper's instance dict) and warns once that the cache is skipped.
// That is the same result as CPython's for a function whose result depends only on its arguments'
// values; a function with side effects, or one called twice with one tensor changed in place in
// between (CPython's cache keys on the tensor object), can differ, as under Dynamo. Null for other
// objects.
ValuePtr Tracer::callLruCacheWrapper(const ValuePtr &fn, std::vector<ValuePtr> &args,
                                     std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *o = fn->object.get();
    if (std::string(Py_TYPE(o)->tp_name) != "functools._lru_cache_wrapper")
        return nullptr;
    PyObject **dict = _PyObject_GetDictPtr(o);
    PyObject *wrapped = dict && *dict ? PyDict_GetItemString(*dict, "__wrapped__") : nullptr;
    if (!wrapped || !PyFunction_Check(wrapped))
        return nullptr;
    static bool warned = false;
    if (!warned) {
        warned = true;
        if (PyErr_WarnEx(PyExc_UserWarning,
                         "Dynamo detected a call to a `functools.lru_cache`-wrapped function. "
                         "Dynamo ignores the cache wrapper and directly traces the wrapped "
                         "function. Silent incorrectness is only a *potential* risk, not "
                         "something we have observed.",
                         1) < 0)
            PyErr_Clear();
    }
    ValuePtr function =
        wrap(wrapped, fn->source ? Source::attr(fn->source, "__wrapped__") : nullptr);
    return call(function, std::move(args), std::move(kwargs));
}

} // namespace dynascope
