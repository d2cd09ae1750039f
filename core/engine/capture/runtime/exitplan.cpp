// ExitPlan: planning recipes from Values, and building Python objects from recipes.
#include "runtime/exitplan.h"

#include <map>

namespace dynascope {

namespace {

using K = Value::Kind;

struct Planner {
    GraphBuilder &graph;
    std::vector<std::string> outputs;
    std::map<std::string, int> outputIndex;
    std::map<const Value *, int> shares;
    std::map<const Value *, int> planning; // values whose parts are being planned (cycles)

    // Objects rebuilt from a mutable value (list, dict, iterator, function) are built once per
    // value: two locals holding one list hold one list after the exit, as before it. A tuple
    // too: `t is u` stays true, and a named tuple subclass's instance has a __dict__ that code
    // after the exit may write (tup.c = ... on the stack copy, then `return tup`).
    Recipe plan(const ValuePtr &v) {
        if (v && (v->kind == K::NewObject || v->kind == K::NestedFunction ||
                  (v->kind == K::Cell && !v->object)))
            return planCyclic(v);
        if (v && v->kind == K::Partial) {
            // Its keywords dict is the code's to change: one that came to hold the partial
            // itself would need the partial before its parts.
            if (planning.count(v.get()))
                throw NotReconstructible("a functools.partial that holds itself");
            planning[v.get()] = -1;
        }
        Recipe r = planOne(v);
        if (v && v->kind == K::Partial)
            planning.erase(v.get());
        bool rebuilt = r.kind == Recipe::Kind::Tuple || r.kind == Recipe::Kind::List ||
                       r.kind == Recipe::Kind::ListInPlace ||
                       r.kind == Recipe::Kind::Dict || r.kind == Recipe::Kind::DictInPlace ||
                       r.kind == Recipe::Kind::Iter || r.kind == Recipe::Kind::IterAt ||
                       r.kind == Recipe::Kind::Set ||
                       r.kind == Recipe::Kind::SetInPlace || r.kind == Recipe::Kind::Partial;
        if (v && rebuilt)
            r.share = shares.emplace(v.get(), static_cast<int>(shares.size())).first->second;
        return r;
    }

    // A value that can be reached from its own parts (an object whose attribute is itself, a
    // nested function that calls itself through its closure cell): its share is taken before
    // its parts are planned, and a reference back to it plans as the share alone, which the
    // build finds made (buildOne registers these before building their parts).
    Recipe planCyclic(const ValuePtr &v) {
        int share = shares.emplace(v.get(), static_cast<int>(shares.size())).first->second;
        if (planning.count(v.get())) {
            Recipe back;
            back.kind = v->kind == K::NewObject        ? Recipe::Kind::NewObject
                        : v->kind == K::NestedFunction ? Recipe::Kind::Function
                                                       : Recipe::Kind::Cell;
            back.share = share;
            return back;
        }
        planning[v.get()] = share;
        Recipe r = planOne(v);
        r.share = share;
        planning.erase(v.get());
        return r;
    }

    Recipe planOne(const ValuePtr &v) {
        Recipe r;
        if (!v) {
            r.kind = Recipe::Kind::Null;
            return r;
        }
        switch (v->kind) {
        case K::Null:
            r.kind = Recipe::Kind::Null;
            return r;
        case K::SymInt:
            // A dynamic int in a frame slot is fetched again; one read behind an object (which
            // a side effect may overwrite) or computed is a graph output.
        case K::Tensor: {
            if (v->source && (v->kind == K::Tensor || v->source->isFrameSlot())) {
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            std::string node = v->as<GraphValue>()->node;
            if (v->kind == K::Tensor) {
                // An in-place op's result is the tensor it mutated: that input again, or the one
                // output both values are (y = x.add_(1) leaves `y is x` after the exit).
                if (const GraphNodeSpec *same = graph.identityOf(node)) {
                    if (same->op == "placeholder" && same->source) {
                        r.kind = Recipe::Kind::Fetch;
                        r.source = same->source;
                        return r;
                    }
                    node = same->name;
                }
            }
            auto it = outputIndex.find(node);
            if (it == outputIndex.end()) {
                it = outputIndex.emplace(node, static_cast<int>(outputs.size())).first;
                outputs.push_back(node);
            }
            r.kind = Recipe::Kind::Output;
            r.index = it->second;
            return r;
        }
        case K::Constant:
            if (v->source && v->source->isFrameSlot()) {
                r.kind = Recipe::Kind::Fetch; // keeps identity (e.g. the exact int object)
                r.source = v->source;
                return r;
            }
            r.constant = v->object;
            return r;
        case K::Tuple:
        case K::List:
        case K::Dict: {
            const auto *container = v->as<ContainerValue>();
            if (v->source && !container->mutated) {
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            const auto *dict = v->tryAs<DictValue>();
            if (dict && dict->defaultFactory)
                throw NotReconstructible("defaultdict made during the trace");
            r.kind = v->kind == K::Tuple ? Recipe::Kind::Tuple
                     : v->kind == K::List
                         ? (v->source ? Recipe::Kind::ListInPlace : Recipe::Kind::List)
                         : (v->source ? Recipe::Kind::DictInPlace : Recipe::Kind::Dict);
            r.source = v->source;
            if (dict) {
                for (const ValuePtr &i : dict->values)
                    r.items.push_back(plan(i));
                r.keys = dict->keys;
                for (size_t i = 0; i < dict->keys.size() && !dict->objectKeys.empty(); ++i)
                    r.keyItems.push_back(plan(dict->keyValue(i)));
            } else {
                const auto *seq = v->as<SequenceValue>();
                for (const ValuePtr &i : seq->items)
                    r.items.push_back(plan(i));
                r.keys = seq->fieldNames;
            }
            r.constant = container->pyType;
            return r;
        }
        case K::Set: {
            const auto *set = v->as<SetValue>();
            if (v->source && !set->mutated) {
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            r.kind = v->source ? Recipe::Kind::SetInPlace : Recipe::Kind::Set;
            r.source = v->source;
            for (const ValuePtr &i : set->values)
                r.items.push_back(plan(i));
            r.constant = set->pyType;
            return r;
        }
        case K::UserFunction:
        case K::TorchFunction:
        case K::Builtin:
        case K::PyModule:
        case K::NNModule:
        case K::UserObject:
        case K::Cell:
            if (!v->object) {
                // A cell of a frame the trace ran (Dynamo's NewCellVariable): a new cell
                // holding what the trace left in it.
                r.kind = Recipe::Kind::Cell;
                if (const ValuePtr &contents = v->as<CellValue>()->contents)
                    r.items.push_back(plan(contents));
                return r;
            }
            if (v->source) {
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            r.constant = v->object;
            return r;
        case K::NestedFunction: {
            const auto *fn = v->as<NestedFunctionValue>();
            r.kind = Recipe::Kind::Function;
            r.constant = v->object;
            r.name = fn->name; // __name__ when the trace renamed it
            r.globals = fn->globals;
            r.index = static_cast<int>(fn->defaults.size());
            for (const ValuePtr &d : fn->defaults)
                r.items.push_back(plan(d));
            for (const ValuePtr &extra : {fn->kwDefaults, fn->annotations}) {
                Recipe e;
                if (extra)
                    e = plan(extra);
                else
                    e.constant = PyRef::borrow(Py_None);
                r.items.push_back(e);
            }
            for (const ValuePtr &c : fn->closure) {
                if (c->kind != K::Cell)
                    throw NotReconstructible("closure item that is no cell");
                r.closure.push_back(plan(c));
            }
            return r;
        }
        case K::BoundMethod:
            if (Tracer::isCatchWarningsExit(v))
                throw NotReconstructible("a break inside a warnings.catch_warnings block");
            r.kind = Recipe::Kind::BoundMethod;
            r.constant = v->object;
            r.items.push_back(plan(v->as<MethodValue>()->self));
            return r;
        case K::TensorMethod:
        case K::ObjectMethod:
            r.kind = Recipe::Kind::Getattr;
            r.name = v->as<MethodValue>()->name;
            r.items.push_back(plan(v->as<MethodValue>()->self));
            return r;
        case K::GradMode:
            if (!v->as<GradModeValue>()->isExit())
                throw NotReconstructible("grad-mode context");
            r.kind = Recipe::Kind::GradExit;
            r.index = v->as<GradModeValue>()->mode;
            return r;
        case K::DictView:
            throw NotReconstructible("dict view");
        case K::Super:
            throw NotReconstructible("super object");
        case K::Exception:
            throw NotReconstructible(v->as<ExceptionValue>()->isStateMarker()
                                         ? "inside an except block (the handled exception)"
                                         : "an exception made during the trace");
        case K::NewObject: {
            const auto *made = v->as<NewObjectValue>();
            r.kind = Recipe::Kind::NewObject;
            r.constant = made->cls;
            for (const auto &a : made->attrs) {
                r.keys.push_back(PyRef::steal(PyUnicode_FromString(a.first.c_str())));
                r.items.push_back(plan(a.second));
            }
            return r;
        }
        case K::Partial: {
            const auto *partial = v->as<PartialValue>();
            r.kind = Recipe::Kind::Partial;
            r.constant = partial->cls;
            r.items.push_back(plan(partial->func));
            r.items.push_back(plan(partial->args));
            r.items.push_back(plan(partial->keywords));
            return r;
        }
        case K::Iterator: {
            // A generator (its frame suspended in the trace) and a lazy form that reads other
            // iterators or runs a function per item cannot be handed to CPython half-way.
            const auto *it = v->as<IteratorValue>();
            if (it->form == "generator")
                throw NotReconstructible("generator");
            if (it->readsContainer() && it->items[0]->kind != K::DictView) {
                // A list's or dict's own iterator reads the container after the exit too (an
                // item the code inserts or appends later is reached, as in CPython).
                const ValuePtr &container = it->items[0];
                if (container->kind == K::Dict && it->index >= 0 &&
                    static_cast<long>(it->containerSize()) != it->counters.at(0))
                    throw NotReconstructible("a dict iterator whose dict changed size");
                r.kind = Recipe::Kind::IterAt;
                r.index = it->index;
                r.name = it->form == "live_reversed" ? "reversed" : "";
                r.items.push_back(plan(container));
                return r;
            }
            std::optional<std::vector<ValuePtr>> rest = it->rest();
            if (!rest)
                throw NotReconstructible("lazy iterator over another iterator");
            if (v->source && it->form.empty()) {
                // The iterator itself: how far the trace advanced it is an Advance effect.
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            // iter() over the items not reached yet (a list's or dict's own iterator too: the
            // container is rebuilt separately, and later changes to it are not seen).
            r.kind = Recipe::Kind::Iter;
            for (const ValuePtr &item : *rest)
                r.items.push_back(plan(item));
            return r;
        }
        }
        throw NotReconstructible("value");
    }
};

// make(prev) -> a function usable as a with-block's __exit__ that sets grad mode back to prev;
// marked so that the tracer reads it back as the grad-mode exit it stands for.
PyObject *gradExitFactory() {
    static PyObject *factory = [] {
        const char *source = "def make(prev):\n"
                             "    import torch\n"
                             "    def __exit__(*exc_info):\n"
                             "        torch._C._set_grad_enabled(bool(prev))\n"
                             "    __exit__._dynascope_grad_exit = prev\n"
                             "    return __exit__\n";
        PyRef globals = PyRef::steal(PyDict_New());
        PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
        PyRef r = PyRef::steal(PyRun_String(source, Py_file_input, globals.get(), globals.get()));
        PyObject *make = PyDict_GetItemString(globals.get(), "make");
        Py_XINCREF(make);
        PyErr_Clear();
        return make;
    }();
    return factory;
}

// Objects built so far, by Recipe::share: a value that several locals (or containers) hold is
// one object after the exit too. And what each Fetch recipe read, all read before the build
// writes anything: rebuilding a list in place (after a pop) must not move the item another
// value is fetched from (L['alist'][1]).
struct Built {
    std::map<int, PyRef> shared;
    std::map<const Recipe *, PyRef> fetched;
};

// Reads every Fetch recipe under `r` into built.fetched; false (an exception set) when one
// cannot be read.
bool prefetch(const Recipe &r, const SourceEnv &env, Built &built) {
    if (r.kind == Recipe::Kind::Fetch) {
        PyRef v = r.source->fetch(env);
        if (!v) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_RuntimeError, "dynascope: cannot fetch %s",
                             r.source->text().c_str());
            return false;
        }
        built.fetched[&r] = v;
        return true;
    }
    for (const Recipe &i : r.items)
        if (!prefetch(i, env, built))
            return false;
    for (const Recipe &c : r.closure)
        if (!prefetch(c, env, built))
            return false;
    return true;
}

PyRef buildNew(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built);

PyRef buildOne(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built);

// The empty object a NewObject, Function or Cell recipe stands for: object.__new__(cls) (as
// type.__call__ would before __init__), the function of its code and globals, an empty cell.
PyRef makeShell(const Recipe &r) {
    static PyObject *objectNew = PyDict_GetItemString(PyBaseObject_Type.tp_dict, "__new__");
    switch (r.kind) {
    case Recipe::Kind::NewObject:
        return PyRef::steal(PyObject_CallOneArg(objectNew, r.constant.get()));
    case Recipe::Kind::Function:
        return PyRef::steal(PyFunction_New(r.constant.get(), r.globals.get()));
    default:
        return PyRef::steal(PyCell_New(nullptr));
    }
}

// Its parts: attributes set as object.__setattr__ sets them (instance dict entries, __slots__
// members); a function's name, defaults, kwdefaults, annotations and closure (what
// MAKE_FUNCTION sets; its qualname and module come from the code and globals); a cell's contents.
bool fillShell(PyObject *obj, const Recipe &r, const std::vector<PyRef> &outputs,
               const SourceEnv &env, Built &built) {
    auto part = [&](const Recipe &p) { return buildOne(p, outputs, env, built); };
    if (r.kind == Recipe::Kind::NewObject) {
        for (size_t i = 0; i < r.items.size(); ++i) {
            PyRef v = part(r.items[i]);
            if (!v || PyObject_GenericSetAttr(obj, r.keys[i].get(), v.get()) < 0)
                return false;
        }
        return true;
    }
    if (r.kind == Recipe::Kind::Cell) {
        PyRef v = r.items.empty() ? PyRef() : part(r.items[0]);
        return r.items.empty() || (v && PyCell_Set(obj, v.get()) == 0);
    }
    if (!r.name.empty() &&
        PyObject_SetAttrString(obj, "__name__",
                               PyRef::steal(PyUnicode_FromString(r.name.c_str())).get()) < 0)
        return false;
    if (r.index > 0) {
        PyRef defaults = PyRef::steal(PyTuple_New(r.index));
        for (int i = 0; i < r.index; ++i) {
            PyRef v = part(r.items[i]);
            if (!v)
                return false;
            PyTuple_SET_ITEM(defaults.get(), i, v.release());
        }
        if (PyFunction_SetDefaults(obj, defaults.get()) < 0)
            return false;
    }
    PyRef kwd = part(r.items[r.index]);
    if (!kwd || (kwd.get() != Py_None && PyFunction_SetKwDefaults(obj, kwd.get()) < 0))
        return false;
    PyRef annotations = part(r.items[r.index + 1]);
    if (!annotations)
        return false;
    if (annotations.get() != Py_None) {
        // MAKE_FUNCTION's flat (name, value, …) tuple, as the function's __annotations__ dict.
        PyRef dict = PyRef::steal(PyDict_New());
        PyRef seq = PyRef::steal(PySequence_Tuple(annotations.get()));
        for (Py_ssize_t i = 0; seq && i + 1 < PyTuple_GET_SIZE(seq.get()); i += 2)
            PyDict_SetItem(dict.get(), PyTuple_GET_ITEM(seq.get(), i),
                           PyTuple_GET_ITEM(seq.get(), i + 1));
        if (!seq || PyFunction_SetAnnotations(obj, dict.get()) < 0)
            return false;
    }
    if (!r.closure.empty()) {
        PyRef closure = PyRef::steal(PyTuple_New(r.closure.size()));
        for (size_t i = 0; i < r.closure.size(); ++i) {
            PyRef cell = part(r.closure[i]);
            if (!cell)
                return false;
            PyTuple_SET_ITEM(closure.get(), i, cell.release());
        }
        if (PyFunction_SetClosure(obj, closure.get()) < 0)
            return false;
    }
    return true;
}

PyRef buildOne(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built) {
    if (r.share < 0)
        return buildNew(r, outputs, env, built);
    auto it = built.shared.find(r.share);
    if (it != built.shared.end())
        return it->second;
    if (r.kind == Recipe::Kind::NewObject || r.kind == Recipe::Kind::Function ||
        r.kind == Recipe::Kind::Cell) {
        // Registered before its parts, which may lead back to it.
        PyRef obj = makeShell(r);
        if (!obj)
            return {};
        built.shared[r.share] = obj;
        return fillShell(obj.get(), r, outputs, env, built) ? obj : PyRef();
    }
    PyRef v = buildNew(r, outputs, env, built);
    if (v)
        built.shared[r.share] = v;
    return v;
}

// A new list of what r.items build, in order; null when one fails.
PyRef buildItems(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
                 Built &built) {
    PyRef list = PyRef::steal(PyList_New(0));
    for (const Recipe &i : r.items) {
        PyRef v = buildOne(i, outputs, env, built);
        if (!v)
            return {};
        PyList_Append(list.get(), v.get());
    }
    return list;
}

// An IterAt recipe's iterator over `container` (null: an exception is set), at the position the
// trace left it: a list iterator through __setstate__, others by as many next() calls.
PyRef iteratorAt(const Recipe &r, const PyRef &container) {
    if (!container)
        return {};
    bool reversed = r.name == "reversed";
    PyRef it = PyRef::steal(
        reversed ? PyObject_CallOneArg(PyDict_GetItemString(PyEval_GetBuiltins(), "reversed"),
                                       container.get())
                 : PyObject_GetIter(container.get()));
    if (!it)
        return {};
    auto advance = [&](Py_ssize_t steps) {
        for (Py_ssize_t i = 0; i < steps; ++i) {
            PyRef item = PyRef::steal(PyIter_Next(it.get()));
            if (!item)
                return !PyErr_Occurred();
        }
        return true;
    };
    if (r.index < 0) // exhausted for good: drained, so that it drops its container
        return advance(PY_SSIZE_T_MAX) ? it : PyRef();
    Py_ssize_t size = PyObject_Length(container.get());
    if (size < 0)
        return {};
    Py_ssize_t steps = reversed ? size - 1 - r.index : r.index;
    if (steps <= 0)
        return it;
    if (PyObject_HasAttrString(it.get(), "__setstate__")) {
        PyRef done = PyRef::steal(PyObject_CallMethod(it.get(), "__setstate__", "n",
                                                      static_cast<Py_ssize_t>(r.index)));
        return done ? it : PyRef();
    }
    return advance(steps) ? it : PyRef();
}

PyRef buildNew(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built) {
    switch (r.kind) {
    case Recipe::Kind::Keep:
        return {};
    case Recipe::Kind::Null:
        return {};
    case Recipe::Kind::Output:
        return outputs.at(r.index);
    case Recipe::Kind::Fetch: {
        auto early = built.fetched.find(&r);
        if (early != built.fetched.end())
            return early->second;
        PyRef v = r.source->fetch(env);
        if (!v)
            PyErr_Format(PyExc_RuntimeError, "dynascope: cannot fetch %s",
                         r.source->text().c_str());
        return v;
    }
    case Recipe::Kind::Const:
        return r.constant;
    case Recipe::Kind::GradExit:
        return PyRef::steal(PyObject_CallFunction(gradExitFactory(), "i", r.index));
    case Recipe::Kind::IterAt:
        return iteratorAt(r, buildOne(r.items[0], outputs, env, built));
    case Recipe::Kind::Iter:
    case Recipe::Kind::Tuple:
    case Recipe::Kind::List:
    case Recipe::Kind::ListInPlace: {
        PyRef list = buildItems(r, outputs, env, built);
        if (!list)
            return {};
        if (r.kind == Recipe::Kind::Tuple) {
            PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
            if (r.constant) {
                // A named tuple is rebuilt with its _make (its constructor takes the fields as
                // arguments); a structseq (torch.return_types.*) takes the sequence itself.
                PyRef make = PyRef::steal(PyObject_GetAttrString(r.constant.get(), "_make"));
                if (!make)
                    PyErr_Clear();
                return PyRef::steal(
                    PyObject_CallOneArg(make ? make.get() : r.constant.get(), tuple.get()));
            }
            return tuple;
        }
        if (r.kind == Recipe::Kind::List)
            return r.constant ? PyRef::steal(PyObject_CallOneArg(r.constant.get(), list.get()))
                              : list;
        if (r.kind == Recipe::Kind::Iter)
            return PyRef::steal(PyObject_GetIter(list.get()));
        PyRef target = r.source->fetch(env);
        if (target && !PyList_Check(target.get())) {
            // A deque: cleared and extended in place (it has no slice assignment).
            PyRef cleared = PyRef::steal(PyObject_CallMethod(target.get(), "clear", nullptr));
            PyRef extended =
                cleared ? PyRef::steal(PyObject_CallMethod(target.get(), "extend", "O", list.get()))
                        : PyRef();
            return extended ? target : PyRef();
        }
        if (!target || PyList_SetSlice(target.get(), 0, PY_SSIZE_T_MAX, list.get()) < 0)
            return {};
        return target;
    }
    case Recipe::Kind::Set:
    case Recipe::Kind::SetInPlace: {
        PyRef list = buildItems(r, outputs, env, built);
        if (!list)
            return {};
        bool frozen = r.constant.get() == reinterpret_cast<PyObject *>(&PyFrozenSet_Type);
        if (r.kind == Recipe::Kind::Set)
            return PyRef::steal(frozen ? PyFrozenSet_New(list.get()) : PySet_New(list.get()));
        PyRef target = r.source->fetch(env);
        PyRef wanted = PyRef::steal(PySet_New(list.get()));
        PyRef before = target ? PyRef::steal(PySequence_List(target.get())) : PyRef();
        if (!wanted || !before)
            return {};
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(before.get()); ++i) {
            PyObject *old = PyList_GET_ITEM(before.get(), i);
            int keep = PySet_Contains(wanted.get(), old);
            if (keep < 0 || (!keep && PySet_Discard(target.get(), old) < 0))
                return {};
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list.get()); ++i)
            if (PySet_Add(target.get(), PyList_GET_ITEM(list.get(), i)) < 0)
                return {};
        return target;
    }
    case Recipe::Kind::Dict:
    case Recipe::Kind::DictInPlace: {
        PyRef d = PyRef::steal(PyDict_New());
        for (size_t i = 0; i < r.items.size(); ++i) {
            PyRef v = buildOne(r.items[i], outputs, env, built);
            PyRef k = r.keyItems.empty() ? r.keys[i] : buildOne(r.keyItems[i], outputs, env, built);
            if (!v || !k || PyDict_SetItem(d.get(), k.get(), v.get()) < 0)
                return {};
        }
        if (r.kind == Recipe::Kind::Dict)
            return r.constant ? PyRef::steal(PyObject_CallOneArg(r.constant.get(), d.get())) : d;
        PyRef target = r.source->fetch(env);
        if (!target)
            return {};
        if (PyDict_CheckExact(target.get())) {
            PyDict_Clear(target.get());
            if (PyDict_Update(target.get(), d.get()) < 0)
                return {};
            return target;
        }
        // An OrderedDict or defaultdict: through its own methods (an OrderedDict keeps its
        // links beside the dict's table, which PyDict_Clear would leave stale).
        PyRef cleared = PyRef::steal(PyObject_CallMethod(target.get(), "clear", nullptr));
        PyRef updated = cleared ? PyRef::steal(PyObject_CallMethod(target.get(), "update", "O",
                                                                   d.get()))
                                : PyRef();
        return updated ? target : PyRef();
    }
    case Recipe::Kind::BoundMethod: {
        PyRef self = buildOne(r.items[0], outputs, env, built);
        return self ? PyRef::steal(PyMethod_New(r.constant.get(), self.get())) : PyRef();
    }
    case Recipe::Kind::Partial: {
        PyRef func = buildOne(r.items[0], outputs, env, built);
        PyRef args = func ? buildOne(r.items[1], outputs, env, built) : PyRef();
        PyRef keywords = args ? buildOne(r.items[2], outputs, env, built) : PyRef();
        PyRef partial =
            keywords ? PyRef::steal(PyObject_CallOneArg(r.constant.get(), func.get())) : PyRef();
        PyRef state = partial ? PyRef::steal(Py_BuildValue("(OOOO)", func.get(), args.get(),
                                                           keywords.get(), Py_None))
                              : PyRef();
        static PyObject *setstate = PyUnicode_InternFromString("__setstate__");
        PyRef set =
            state ? PyRef::steal(PyObject_CallMethodOneArg(partial.get(), setstate, state.get()))
                  : PyRef();
        return set ? partial : PyRef();
    }
    case Recipe::Kind::NewObject: // built by buildOne (they always have a share)
    case Recipe::Kind::Function:
    case Recipe::Kind::Cell:
        PyErr_SetString(PyExc_RuntimeError, "dynascope: a shared exit value planned unshared");
        return {};
    case Recipe::Kind::Getattr: {
        PyRef self = buildOne(r.items[0], outputs, env, built);
        return self ? PyRef::steal(PyObject_GetAttrString(self.get(), r.name.c_str())) : PyRef();
    }
    }
    return {};
}

} // namespace

ExitPlan ExitPlan::make(TraceResult &result) {
    Planner p{*result.graph, {}, {}};
    ExitPlan plan;
    plan.isReturn = result.exit == TraceResult::Exit::Return;
    if (plan.isReturn) {
        plan.returnValue = p.plan(result.returnValue);
    } else {
        for (const ValuePtr &v : result.locals) {
            Recipe r;
            if (v)
                r = p.plan(v);
            else
                r.kind = Recipe::Kind::Keep;
            plan.locals.push_back(r);
        }
        for (const ValuePtr &v : result.stack)
            plan.stack.push_back(p.plan(v));
    }
    for (const SideEffect &e : result.sideEffects) {
        EffectRecipe er;
        er.kind = e.kind;
        er.name = e.name;
        er.plain = e.plain;
        if (e.kind == SideEffect::Kind::SetGlobal || e.kind == SideEffect::Kind::DeleteGlobal) {
            er.target.constant = e.target->object;
        } else if (e.kind == SideEffect::Kind::Rebuild) {
            er.target.constant = PyRef::borrow(Py_None);
        } else {
            er.target = p.plan(e.target);
        }
        er.value = p.plan(e.value);
        plan.effects.push_back(er);
    }
    plan.gradModeAfter = result.gradModeAfter;
    result.graph->setOutputs(p.outputs);
    return plan;
}

bool ExitPlan::build(const std::vector<PyRef> &outputs, const SourceEnv &env, PyRef &returned,
                     std::vector<PyRef> &newLocals, std::vector<PyRef> &newStack) const {
    if (gradModeAfter >= 0) {
        static PyObject *torchC = [] {
            PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
            return torch ? PyObject_GetAttrString(torch.get(), "_C") : nullptr;
        }();
        PyRef now = torchC ? PyRef::steal(PyObject_CallMethod(torchC, "is_grad_enabled", nullptr))
                           : PyRef();
        if (!now)
            return false;
        if ((now.get() == Py_True) != (gradModeAfter == 1)) {
            PyRef r = PyRef::steal(PyObject_CallMethod(torchC, "_set_grad_enabled", "O",
                                                       gradModeAfter ? Py_True : Py_False));
            if (!r)
                return false;
        }
    }
    Built built;
    auto make = [&](const Recipe &r, PyRef &out) {
        if (r.kind == Recipe::Kind::Null || r.kind == Recipe::Kind::Keep) {
            out = PyRef();
            return true;
        }
        out = buildOne(r, outputs, env, built);
        return static_cast<bool>(out);
    };
    // Every read of the region start state first, then the values, then the writes to older
    // objects.
    bool read = !isReturn || prefetch(returnValue, env, built);
    if (!isReturn) {
        for (const Recipe &r : locals)
            read = read && (r.kind == Recipe::Kind::Keep || prefetch(r, env, built));
        for (const Recipe &r : stack)
            read = read && prefetch(r, env, built);
    }
    for (const EffectRecipe &e : effects)
        read = read && prefetch(e.value, env, built) && prefetch(e.target, env, built);
    if (!read)
        return false;
    if (isReturn) {
        if (!make(returnValue, returned))
            return false;
    } else {
        newLocals.assign(locals.size(), PyRef());
        for (size_t i = 0; i < locals.size(); ++i) {
            if (locals[i].kind == Recipe::Kind::Keep)
                newLocals[i] = (*env.locals)[i];
            else if (!make(locals[i], newLocals[i]) && PyErr_Occurred())
                return false;
        }
        newStack.assign(stack.size(), PyRef());
        for (size_t i = 0; i < stack.size(); ++i)
            if (!make(stack[i], newStack[i]) && PyErr_Occurred())
                return false;
    }
    for (const EffectRecipe &e : effects) {
        PyRef value, target;
        if (!make(e.value, value) || !make(e.target, target))
            return false;
        int rc = 0;
        switch (e.kind) {
        case SideEffect::Kind::SetAttr:
            if (e.plain) {
                PyRef name = PyRef::steal(PyUnicode_FromString(e.name.c_str()));
                rc = PyObject_GenericSetAttr(target.get(), name.get(), value.get());
            } else {
                rc = PyObject_SetAttrString(target.get(), e.name.c_str(), value.get());
            }
            break;
        case SideEffect::Kind::SetCell:
            rc = PyCell_Set(target.get(), value.get());
            break;
        case SideEffect::Kind::SetGlobal:
            rc = PyDict_SetItemString(target.get(), e.name.c_str(), value.get());
            break;
        case SideEffect::Kind::DeleteGlobal:
            rc = PyDict_DelItemString(target.get(), e.name.c_str());
            break;
        case SideEffect::Kind::SetItem:
        case SideEffect::Kind::Rebuild: // building the in-place recipe did the write
            break;
        case SideEffect::Kind::Advance:
            for (long n = PyLong_AsLong(value.get()); n > 0 && rc == 0; --n) {
                PyRef item = PyRef::steal(PyIter_Next(target.get()));
                rc = item ? 0 : -1;
            }
            if (rc < 0 && !PyErr_Occurred())
                PyErr_SetString(PyExc_RuntimeError, "dynascope: iterator shorter than traced");
            break;
        }
        if (rc < 0)
            return false;
    }
    return true;
}

} // namespace dynascope
