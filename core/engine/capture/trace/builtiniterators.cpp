// Handlers of the builtins and itertools/functools callables that iterate: enumerate, zip, map,
// filter, reversed, sorted, list, sum, min/max, functools.reduce, itertools.chain/islice/count/
// product/combinations/permutations. Over values the trace owns (lists, tuples, dicts, tensors)
// the result is a list iterator computed at once; over an iterator value, which other code may
// also advance, it is a lazy iterator that reads one item per next() (traceriter.cpp).
#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>

namespace dynascope::builtins {

namespace {

using K = Value::Kind;

std::shared_ptr<IteratorValue> lazyIterator(const std::string &form,
                                            std::vector<ValuePtr> sources) {
    auto it = std::make_shared<IteratorValue>(std::move(sources));
    it->form = form;
    return it;
}

// A lazy iterator over sources the trace owns and that nothing can change meanwhile (tuples,
// ranges, constants) runs to the end now: a plain list iterator, which a graph break can
// rebuild. It stays lazy over a shared iterator, over a list or dict (the loop may change it:
// a "live" iterator), and when it calls a function per item (map, filter: that function and the
// consumer's loop body take turns, as in CPython).
ValuePtr settle(Tracer &t, const ValuePtr &lazy, bool shared) {
    const auto *it = lazy->as<IteratorValue>();
    bool live = std::any_of(it->items.begin(), it->items.end(), [](const ValuePtr &s) {
        const auto *sub = s->tryAs<IteratorValue>();
        return sub && sub->readsContainer();
    });
    if (shared || live || it->function)
        return lazy;
    return std::make_shared<IteratorValue>(t.drain(lazy));
}

bool isIterator(const ValuePtr &v) {
    return v->kind == K::Iterator;
}

long constantLong(Tracer &t, const ValuePtr &v, const char *why) {
    PyRef p = t.constantOf(v, why);
    long n = PyLong_AsLong(p.get());
    if (n == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, std::string(why) + " must be an int");
    }
    return n;
}

ValuePtr keyword(TraceKwargs &kwargs, const std::string &name) {
    for (const auto &k : kwargs)
        if (k.first == name)
            return k.second;
    return nullptr;
}

bool onlyKeywords(const TraceKwargs &kwargs, std::initializer_list<const char *> allowed) {
    for (const auto &k : kwargs)
        if (std::none_of(allowed.begin(), allowed.end(),
                         [&](const char *a) { return k.first == a; }))
            return false;
    return true;
}

// A tensor min()/max() can take: one element, so CPython's comparison of it has an answer.
bool oneElement(const ValuePtr &v) {
    for (const std::string &d : v->as<TensorValue>()->shapeStrings())
        if (d != "1")
            return false;
    return true;
}

} // namespace

ValuePtr callEnumerate(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty() || args.size() > 2 || !onlyKeywords(kwargs, {"start"}))
        return nullptr;
    ValuePtr start = args.size() > 1 ? args[1] : keyword(kwargs, "start");
    auto it = lazyIterator("enumerate", {t.iterate(args[0])});
    it->counters = {start ? constantLong(t, start, "enumerate start") : 0};
    return settle(t, it, isIterator(args[0]));
}

// zip(*its) and chain(*its): a lazy iterator over every argument, iterated as CPython would.
static ValuePtr lazyOverArguments(Tracer &t, const char *kind, TraceArgs &args,
                                  TraceKwargs &kwargs) {
    if (!kwargs.empty())
        return nullptr;
    std::vector<ValuePtr> sources;
    bool shared = false;
    for (const ValuePtr &a : args) {
        sources.push_back(t.iterate(a));
        shared = shared || isIterator(a);
    }
    return settle(t, lazyIterator(kind, sources), shared);
}

// zip(*its, strict=False). A strict zip keeps its flag in counters[0]; one whose sources all hold
// a known number of items settles at once only where those numbers agree, so a mismatch is found
// by the next() that meets it, as in CPython.
ValuePtr callZip(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    ValuePtr strict = keyword(kwargs, "strict");
    if (!strict)
        return lazyOverArguments(t, "zip", args, kwargs);
    if (kwargs.size() != 1)
        return nullptr;
    bool isStrict = PyObject_IsTrue(t.constantOf(strict, "zip strict").get()) == 1;
    std::vector<ValuePtr> sources;
    bool shared = false;
    for (const ValuePtr &a : args) {
        sources.push_back(t.iterate(a));
        shared = shared || isIterator(a);
    }
    auto it = lazyIterator("zip", sources);
    it->counters = {isStrict ? 1 : 0};
    if (isStrict && !shared)
        for (const ValuePtr &s : sources) {
            const auto *sub = s->as<IteratorValue>();
            const auto *first = sources[0]->as<IteratorValue>();
            auto left = [](const IteratorValue *i) {
                return static_cast<long>(i->items.size()) - i->index;
            };
            if (sub->form.empty() && first->form.empty() && left(sub) != left(first))
                return it; // lengths differ: the next() that reaches the end raises
        }
    return settle(t, it, shared);
}

// itertools.zip_longest(*its, fillvalue=None): counters[i] is 1 while source i still gives items;
// an exhausted one is not read again and gives the fill value (`repeated`) until all are.
ValuePtr callZipLongest(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (!onlyKeywords(kwargs, {"fillvalue"}))
        return nullptr;
    ValuePtr fill = keyword(kwargs, "fillvalue");
    std::vector<ValuePtr> sources;
    bool shared = false;
    for (const ValuePtr &a : args) {
        sources.push_back(t.iterate(a));
        shared = shared || isIterator(a);
    }
    auto it = lazyIterator("zip_longest", sources);
    it->repeated = fill ? fill : Value::constant(Py_None);
    it->counters.assign(sources.size(), 1);
    return settle(t, it, shared);
}

ValuePtr callMap(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() < 2 || !kwargs.empty())
        return nullptr;
    std::vector<ValuePtr> sources;
    bool shared = false;
    for (size_t i = 1; i < args.size(); ++i) {
        sources.push_back(t.iterate(args[i]));
        shared = shared || isIterator(args[i]);
    }
    auto it = lazyIterator("map", sources);
    it->function = args[0];
    return settle(t, it, shared);
}

ValuePtr callFilter(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 2 || !kwargs.empty())
        return nullptr;
    auto it = lazyIterator("filter", {t.iterate(args[1])});
    it->function = args[0];
    return settle(t, it, isIterator(args[1]));
}

ValuePtr callReversed(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    const ValuePtr &v = args[0];
    auto out = std::make_shared<IteratorValue>();
    if (v->kind == K::List) {
        // CPython's reversed list iterator reads the list at each next(), from the end down.
        out->items = {v};
        out->form = "live_reversed";
        out->index = static_cast<int>(v->as<SequenceValue>()->items.size()) - 1;
        return out;
    }
    if (v->isSequence() || v->kind == K::Dict || v->kind == K::DictView) {
        out->items = t.drain(v);
    } else if (v->isConstant()) {
        PyRef r = PyRef::steal(PyObject_CallOneArg(py::builtin("reversed"), v->object.get()));
        if (!r) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "reversed() of " + v->describe());
        }
        return t.iterate(Value::constant(r));
    } else if (isIterator(v)) {
        throw GraphBreak(BreakId::PythonException, "an iterator is not reversible");
    } else {
        return nullptr;
    }
    if (!v->isConstant())
        std::reverse(out->items.begin(), out->items.end());
    return out;
}

// sorted(iterable, key=None, reverse=False): the keys must be known at trace time (a sort on
// tensor values is data-dependent); the key function is traced per item.
ValuePtr callSorted(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !onlyKeywords(kwargs, {"key", "reverse"}))
        return nullptr;
    std::vector<ValuePtr> items = t.drain(args[0]);
    ValuePtr key = keyword(kwargs, "key");
    if (key && key->isConstant() && key->object.get() == Py_None)
        key = nullptr;
    ValuePtr rev = keyword(kwargs, "reverse");
    bool reverse = rev && PyObject_IsTrue(t.constantOf(rev, "sorted reverse").get()) == 1;
    std::vector<PyRef> keys;
    for (const ValuePtr &item : items) {
        ValuePtr k = key ? t.call(key, {item}, {}) : item;
        PyRef p = k->asPython();
        if (!p)
            throw GraphBreak(k->kind == K::Tensor ? BreakId::TensorPythonOp : BreakId::UnknownValue,
                             "sorted() by " + k->describe());
        keys.push_back(p);
    }
    std::vector<size_t> order(items.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    bool failed = false;
    // Stable either way: CPython's reverse=True keeps equal keys in their original order too.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        int r = reverse ? PyObject_RichCompareBool(keys[b].get(), keys[a].get(), Py_LT)
                        : PyObject_RichCompareBool(keys[a].get(), keys[b].get(), Py_LT);
        failed = failed || r < 0;
        return r == 1;
    });
    if (failed) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "sorted() keys do not compare");
    }
    std::vector<ValuePtr> out;
    for (size_t i : order)
        out.push_back(items[i]);
    return SequenceValue::make(K::List, out);
}

// list(iterable) and tuple(iterable).
ValuePtr callSequence(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 1 || !kwargs.empty())
        return nullptr;
    std::vector<ValuePtr> items;
    if (!args.empty())
        items = t.drain(args[0]);
    return SequenceValue::make(fn->object.get() == py::builtin("list") ? K::List : K::Tuple, items);
}

ValuePtr callIter(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    return args.size() == 1 && kwargs.empty() ? t.iterate(args[0]) : nullptr;
}

ValuePtr callNext(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty() || args.size() > 2 || !kwargs.empty() || !isIterator(args[0]))
        return nullptr;
    if (ValuePtr v = t.iterNext(args[0]))
        return v;
    if (args.size() > 1)
        return args[1];
    t.raisePython(PyExc_StopIteration, {});
}

ValuePtr callSum(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty() || args.size() > 2 || allConstant(args, kwargs))
        return nullptr;
    ValuePtr acc = args.size() > 1 ? args[1] : Value::constant(PyRef::steal(PyLong_FromLong(0)));
    for (const auto &k : kwargs) {
        if (k.first != "start")
            throw GraphBreak(BreakId::PythonException,
                             "sum() got an unexpected keyword argument '" + k.first + "'");
        acc = k.second;
    }
    for (const ValuePtr &item : t.drain(args[0]))
        acc = t.binaryOp(0, acc, item);
    return acc;
}

// min()/max() with a key function: the keys must be known at trace time; the first item with the
// largest (smallest) key wins, as in CPython.
ValuePtr minMaxByKey(Tracer &t, bool isMax, const ValuePtr &key, const std::vector<ValuePtr> &items,
                     const ValuePtr &fallback) {
    if (items.empty()) {
        if (fallback)
            return fallback;
        throw GraphBreak(BreakId::PythonException, "min()/max() of an empty sequence");
    }
    ValuePtr best;
    PyRef bestKey;
    for (const ValuePtr &item : items) {
        ValuePtr k = t.call(key, {item}, {});
        PyRef p = k->asPython();
        if (!p)
            throw GraphBreak(k->kind == K::Tensor ? BreakId::TensorPythonOp : BreakId::UnknownValue,
                             "min()/max() by " + k->describe());
        int better =
            best ? PyObject_RichCompareBool(p.get(), bestKey.get(), isMax ? Py_GT : Py_LT) : 1;
        if (better < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "min()/max() keys do not compare");
        }
        if (better) {
            best = item;
            bestKey = p;
        }
    }
    return best;
}

// min()/max(): folded on constants; with one-element tensors Dynamo's lowering: a tensor against
// a constant is torch.clamp, two tensors torch.minimum/maximum.
ValuePtr callMinMax(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    bool isMax = fn->object.get() == py::builtin("max");
    const std::string name = isMax ? "max" : "min";
    if (args.empty())
        return nullptr;
    std::vector<ValuePtr> items = args.size() == 1 ? t.drain(args[0]) : args;
    TraceArgs folded{SequenceValue::make(K::Tuple, items)};
    if (allConstant(folded, kwargs)) {
        PyRef tuple = t.constantOf(folded[0], "min/max items");
        PyRef kw = PyRef::steal(PyDict_New());
        for (const auto &k : kwargs)
            PyDict_SetItemString(kw.get(), k.first.c_str(),
                                 t.constantOf(k.second, name.c_str()).get());
        PyRef argTuple = PyRef::steal(PyTuple_Pack(1, tuple.get()));
        PyRef r = PyRef::steal(PyObject_Call(fn->object.get(), argTuple.get(), kw.get()));
        if (!r) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, name + "() raises");
        }
        return t.wrapUnguarded(r.get());
    }
    ValuePtr key = keyword(kwargs, "key");
    if (key && !(key->isConstant() && key->object.get() == Py_None) &&
        onlyKeywords(kwargs, {"key", "default"}))
        return minMaxByKey(t, isMax, key, items, keyword(kwargs, "default"));
    if (!kwargs.empty() || items.empty())
        throw GraphBreak(BreakId::TensorPythonOp, name + "() over tensors with key or default");
    PyRef clamp = PyRef::steal(PyObject_GetAttrString(py::torch(), "clamp"));
    PyRef pairwise =
        PyRef::steal(PyObject_GetAttrString(py::torch(), isMax ? "maximum" : "minimum"));
    ValuePtr acc = items[0];
    for (size_t i = 1; i < items.size(); ++i) {
        ValuePtr a = acc, b = items[i];
        if (a->kind != K::Tensor)
            std::swap(a, b);
        bool bothConstant = a->asPython() && b->asPython();
        if (bothConstant) {
            TraceArgs pair{acc, items[i]};
            acc = callMinMax(t, fn, pair, kwargs);
            continue;
        }
        if (a->kind != K::Tensor || !oneElement(a) ||
            (b->kind == K::Tensor ? !oneElement(b) : !b->asPython()))
            throw GraphBreak(BreakId::TensorPythonOp, name + "() over tensors");
        if (b->kind == K::Tensor)
            acc = t.callGraph("call_function",
                              std::string("torch.") + (isMax ? "maximum" : "minimum"), pairwise,
                              pairwise.get(), {a, b}, {});
        else
            acc = t.callGraph("call_function", "torch.clamp", clamp, clamp.get(), {a},
                              {{isMax ? "min" : "max", b}});
    }
    return acc;
}

// any()/all(): items read one at a time and stopping at the first that decides, as CPython does
// (a tensor's truth is data: a break).
ValuePtr callAnyAll(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    bool isAny = fn->object.get() == py::builtin("any");
    ValuePtr it = t.iterate(args[0]);
    while (ValuePtr v = t.iterNext(it))
        if (t.truthOf(v) == isAny)
            return Value::constant(isAny ? Py_True : Py_False);
    return Value::constant(isAny ? Py_False : Py_True);
}

ValuePtr callReduce(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() < 2 || args.size() > 3 || !kwargs.empty())
        return nullptr;
    std::vector<ValuePtr> items = t.drain(args[1]);
    size_t first = 0;
    ValuePtr acc;
    if (args.size() == 3)
        acc = args[2];
    else if (!items.empty())
        acc = items[first++];
    else
        throw GraphBreak(BreakId::PythonException, "reduce() of empty iterable");
    for (size_t i = first; i < items.size(); ++i)
        acc = t.call(args[0], {acc, items[i]}, {});
    return acc;
}

ValuePtr callChain(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    return lazyOverArguments(t, "chain", args, kwargs);
}

// islice(iterable, stop) / islice(iterable, start, stop[, step]), bounds as CPython checks them.
ValuePtr callIslice(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() < 2 || args.size() > 4 || !kwargs.empty())
        return nullptr;
    auto bound = [&](const ValuePtr &v, long none) {
        PyRef p = t.constantOf(v, "islice bound");
        if (p.get() == Py_None)
            return none;
        long n = PyLong_AsLong(p.get());
        if (PyErr_Occurred() || n < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "islice bounds must be None or an int >= 0");
        }
        return n;
    };
    long start = 0, stop, step = 1;
    if (args.size() == 2) {
        stop = bound(args[1], -1);
    } else {
        start = bound(args[1], 0);
        stop = bound(args[2], -1);
        if (args.size() == 4)
            step = bound(args[3], 1);
        if (step == 0)
            throw GraphBreak(BreakId::PythonException, "islice step must be positive");
    }
    auto it = lazyIterator("islice", {t.iterate(args[0])});
    it->counters = {0, start, stop, step};
    return settle(t, it, isIterator(args[0]));
}

// itertools.repeat(object[, times]): `times` copies now, or endless (lazy).
ValuePtr callRepeat(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.empty() || args.size() > 2 || !kwargs.empty())
        return nullptr;
    if (args.size() == 1) {
        auto it = lazyIterator("repeat", {});
        it->repeated = args[0];
        return it;
    }
    long times = std::max(0L, constantLong(t, args[1], "repeat times"));
    if (times > 100000)
        return nullptr;
    auto out = std::make_shared<IteratorValue>();
    out->items.assign(static_cast<size_t>(times), args[0]);
    return out;
}

ValuePtr callCount(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() > 2 || !onlyKeywords(kwargs, {"start", "step"}))
        return nullptr;
    ValuePtr start = !args.empty() ? args[0] : keyword(kwargs, "start");
    ValuePtr step = args.size() > 1 ? args[1] : keyword(kwargs, "step");
    for (const ValuePtr &v : {start, step})
        if (v && !(v->isConstant() && PyLong_CheckExact(v->object.get())))
            return nullptr; // float counts: left to the generic path
    auto it = lazyIterator("count", {});
    it->counters = {start ? constantLong(t, start, "count start") : 0,
                    step ? constantLong(t, step, "count step") : 1};
    return it; // infinite: always lazy
}

// product/combinations/combinations_with_replacement/permutations take all their input at once
// (CPython makes tuples of them when called), so the rows are known now: the real function
// computes them on index ranges, and each index stands for the traced item.
ValuePtr callCombinatoric(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    std::vector<std::vector<ValuePtr>> pools;
    size_t nPools = fn->object.get() == BuiltinTable::resolve("itertools.product")
                        ? args.size()
                        : std::min<size_t>(args.size(), 1);
    PyRef indexArgs = PyRef::steal(PyList_New(0));
    for (size_t i = 0; i < args.size(); ++i) {
        if (i < nPools) {
            pools.push_back(t.drain(args[i]));
            PyRef range = PyRef::steal(PyObject_CallFunction(
                reinterpret_cast<PyObject *>(&PyRange_Type), "n", pools.back().size()));
            PyList_Append(indexArgs.get(), range.get());
        } else {
            PyList_Append(indexArgs.get(), t.constantOf(args[i], "itertools argument").get());
        }
    }
    PyRef kw = PyRef::steal(PyDict_New());
    for (const auto &k : kwargs)
        PyDict_SetItemString(kw.get(), k.first.c_str(),
                             t.constantOf(k.second, "itertools argument").get());
    PyRef tuple = PyRef::steal(PyList_AsTuple(indexArgs.get()));
    PyRef rows = PyRef::steal(PyObject_Call(fn->object.get(), tuple.get(), kw.get()));
    PyRef list = rows ? PyRef::steal(PySequence_List(rows.get())) : PyRef();
    if (!list) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, py::nameOf(fn->object.get()) + "() raises");
    }
    auto out = std::make_shared<IteratorValue>();
    // product(*pools, repeat=n) cycles through the pools n times: row position i reads pool
    // i % len(pools); the others read their one pool.
    for (Py_ssize_t r = 0; r < PyList_Size(list.get()); ++r) {
        PyObject *row = PyList_GET_ITEM(list.get(), r);
        std::vector<ValuePtr> items;
        for (Py_ssize_t i = 0; i < PyTuple_Size(row); ++i) {
            const std::vector<ValuePtr> &pool = pools[pools.empty() ? 0 : i % pools.size()];
            items.push_back(pool[PyLong_AsSize_t(PyTuple_GET_ITEM(row, i))]);
        }
        out->items.push_back(SequenceValue::make(K::Tuple, items));
    }
    return out;
}

} // namespace dynascope::builtins
