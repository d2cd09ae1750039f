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
    std::map<const Value *, int> planning; // new objects whose attributes are being planned

    // Objects rebuilt from a mutable value (list, dict, iterator, function) are built once per
    // value: two locals holding one list hold one list after the exit, as before it.
    Recipe plan(const ValuePtr &v) {
        if (v && v->kind == K::NewObject)
            return planNewObject(v);
        Recipe r = planOne(v);
        bool rebuilt = r.kind == Recipe::Kind::List || r.kind == Recipe::Kind::ListInPlace ||
                       r.kind == Recipe::Kind::Dict || r.kind == Recipe::Kind::DictInPlace ||
                       r.kind == Recipe::Kind::Iter || r.kind == Recipe::Kind::Function;
        if (v && rebuilt)
            r.share = shares.emplace(v.get(), static_cast<int>(shares.size())).first->second;
        return r;
    }

    // Its share is taken before its attributes are planned: a reference back to it (a cycle)
    // plans as the share alone, which the build finds made.
    Recipe planNewObject(const ValuePtr &v) {
        Recipe r;
        r.kind = Recipe::Kind::NewObject;
        r.share = shares.emplace(v.get(), static_cast<int>(shares.size())).first->second;
        if (planning.count(v.get()))
            return r;
        planning[v.get()] = r.share;
        const auto *made = v->as<NewObjectValue>();
        r.constant = made->cls;
        for (const auto &a : made->attrs) {
            r.keys.push_back(PyRef::steal(PyUnicode_FromString(a.first.c_str())));
            r.items.push_back(plan(a.second));
        }
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
            } else {
                const auto *seq = v->as<SequenceValue>();
                for (const ValuePtr &i : seq->items)
                    r.items.push_back(plan(i));
                r.keys = seq->fieldNames;
            }
            r.constant = container->pyType;
            return r;
        }
        case K::UserFunction:
        case K::TorchFunction:
        case K::Builtin:
        case K::PyModule:
        case K::NNModule:
        case K::UserObject:
        case K::Cell:
            if (!v->object)
                throw NotReconstructible("symbolic cell");
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
            for (const ValuePtr &d : fn->defaults)
                r.items.push_back(plan(d));
            Recipe kwd;
            if (fn->kwDefaults)
                kwd = plan(fn->kwDefaults);
            else
                kwd.constant = PyRef::borrow(Py_None);
            r.items.push_back(kwd);
            for (const ValuePtr &c : fn->closure) {
                if (c->kind != K::Cell || !c->object)
                    throw NotReconstructible("closure over a cell made during the trace");
                r.closure.push_back(plan(c));
            }
            return r;
        }
        case K::BoundMethod:
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
        case K::NewObject:
            return planNewObject(v);
        case K::Iterator: {
            // A lazy iterator reads other iterators (their state lives on in them) and an
            // inlined generator ran to its end: neither is a list iterator CPython could go on
            // with.
            const auto *it = v->as<IteratorValue>();
            if (!it->form.empty())
                throw NotReconstructible("lazy iterator over another iterator");
            if (it->pyType)
                throw NotReconstructible("generator");
            if (v->source) {
                // The iterator itself: how far the trace advanced it is an Advance effect.
                r.kind = Recipe::Kind::Fetch;
                r.source = v->source;
                return r;
            }
            // A list iterator: iter() over the items not consumed yet.
            r.kind = Recipe::Kind::Iter;
            for (size_t i = it->index; i < it->items.size(); ++i)
                r.items.push_back(plan(it->items[i]));
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
// one object after the exit too.
using Built = std::map<int, PyRef>;

PyRef buildNew(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built);

PyRef buildOne(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built);

// object.__new__(cls) (as type.__call__ would before __init__), registered, then its attributes
// set as object.__setattr__ sets them (instance dict entries, __slots__ members).
PyRef buildNewObject(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
                     Built &built) {
    static PyObject *objectNew = PyDict_GetItemString(PyBaseObject_Type.tp_dict, "__new__");
    PyRef obj = PyRef::steal(PyObject_CallOneArg(objectNew, r.constant.get()));
    if (!obj)
        return {};
    built[r.share] = obj;
    for (size_t i = 0; i < r.items.size(); ++i) {
        PyRef v = buildOne(r.items[i], outputs, env, built);
        if (!v || PyObject_GenericSetAttr(obj.get(), r.keys[i].get(), v.get()) < 0)
            return {};
    }
    return obj;
}

PyRef buildOne(const Recipe &r, const std::vector<PyRef> &outputs, const SourceEnv &env,
               Built &built) {
    if (r.share < 0)
        return buildNew(r, outputs, env, built);
    auto it = built.find(r.share);
    if (it != built.end())
        return it->second;
    if (r.kind == Recipe::Kind::NewObject)
        return buildNewObject(r, outputs, env, built);
    PyRef v = buildNew(r, outputs, env, built);
    if (v)
        built[r.share] = v;
    return v;
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
    case Recipe::Kind::Iter:
    case Recipe::Kind::Tuple:
    case Recipe::Kind::List:
    case Recipe::Kind::ListInPlace: {
        PyRef list = PyRef::steal(PyList_New(0));
        for (const Recipe &i : r.items) {
            PyRef v = buildOne(i, outputs, env, built);
            if (!v)
                return {};
            PyList_Append(list.get(), v.get());
        }
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
        if (!target || PyList_SetSlice(target.get(), 0, PY_SSIZE_T_MAX, list.get()) < 0)
            return {};
        return target;
    }
    case Recipe::Kind::Dict:
    case Recipe::Kind::DictInPlace: {
        PyRef d = PyRef::steal(PyDict_New());
        for (size_t i = 0; i < r.items.size(); ++i) {
            PyRef v = buildOne(r.items[i], outputs, env, built);
            if (!v)
                return {};
            PyDict_SetItem(d.get(), r.keys[i].get(), v.get());
        }
        if (r.kind == Recipe::Kind::Dict)
            return r.constant ? PyRef::steal(PyObject_CallOneArg(r.constant.get(), d.get())) : d;
        PyRef target = r.source->fetch(env);
        if (!target)
            return {};
        PyDict_Clear(target.get());
        if (PyDict_Update(target.get(), d.get()) < 0)
            return {};
        return target;
    }
    case Recipe::Kind::Function: {
        PyRef fn = PyRef::steal(PyFunction_New(r.constant.get(), r.globals.get()));
        if (!fn)
            return {};
        if (!r.name.empty() &&
            PyObject_SetAttrString(fn.get(), "__name__",
                                   PyRef::steal(PyUnicode_FromString(r.name.c_str())).get()) < 0)
            return {};
        if (r.items.size() > 1) {
            PyRef defaults = PyRef::steal(PyTuple_New(r.items.size() - 1));
            for (size_t i = 0; i + 1 < r.items.size(); ++i) {
                PyRef v = buildOne(r.items[i], outputs, env, built);
                if (!v)
                    return {};
                PyTuple_SET_ITEM(defaults.get(), i, v.release());
            }
            PyFunction_SetDefaults(fn.get(), defaults.get());
        }
        PyRef kwd = buildOne(r.items.back(), outputs, env, built);
        if (kwd && kwd.get() != Py_None)
            PyFunction_SetKwDefaults(fn.get(), kwd.get());
        if (!r.closure.empty()) {
            PyRef closure = PyRef::steal(PyTuple_New(r.closure.size()));
            for (size_t i = 0; i < r.closure.size(); ++i) {
                PyRef cell = buildOne(r.closure[i], outputs, env, built);
                if (!cell)
                    return {};
                PyTuple_SET_ITEM(closure.get(), i, cell.release());
            }
            PyFunction_SetClosure(fn.get(), closure.get());
        }
        return fn;
    }
    case Recipe::Kind::BoundMethod: {
        PyRef self = buildOne(r.items[0], outputs, env, built);
        return self ? PyRef::steal(PyMethod_New(r.constant.get(), self.get())) : PyRef();
    }
    case Recipe::Kind::NewObject: // built by buildOne (it needs its share)
        return buildNewObject(r, outputs, env, built);
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
    // Values first (they read the region start state), then the writes to older objects.
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
            rc = PyObject_SetAttrString(target.get(), e.name.c_str(), value.get());
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
