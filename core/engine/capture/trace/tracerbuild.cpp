// Handlers for building and unpacking containers, operators, comparisons and subscripts.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {

using K = Value::Kind;

const char *const kNbNames[] = {"add", "and_", "floordiv", "lshift", "matmul",  "mul", "mod",
                                "or_", "pow",  "rshift",   "sub",    "truediv", "xor"};
const char *const kCmpNames[] = {"lt", "le", "eq", "ne", "gt", "ge"};
const int kCmpOps[] = {Py_LT, Py_LE, Py_EQ, Py_NE, Py_GT, Py_GE};

std::string nbName(int op) {
    if (op < 13)
        return kNbNames[op];
    std::string base = kNbNames[op - 13];
    if (!base.empty() && base.back() == '_')
        base.pop_back();
    return "i" + base;
}

PyObject *operatorFn(const std::string &name) {
    PyObject *f = PyObject_GetAttrString(py::operatorModule(), name.c_str());
    if (!f)
        PyErr_Clear();
    return f; // new reference
}

void markMutated(const ValuePtr &v) {
    if (v->source)
        v->as<ContainerValue>()->mutated = true;
}

// A keys view's keys (or any constant operand) as a Python set, for the set operators.
PyRef asKeySet(Tracer &t, const ValuePtr &v) {
    PyRef set = PyRef::steal(PySet_New(nullptr));
    if (auto *view = v->tryAs<DictViewValue>()) {
        if (view->which != "keys" || !view->contents().objectKeys.empty())
            return {}; // keys the trace holds symbolically have no Python set
        for (const PyRef &k : view->contents().keys)
            PySet_Add(set.get(), k.get());
        return set;
    }
    PyRef c = t.constantOf(v, "set operand");
    if (!PyAnySet_Check(c.get()))
        return {};
    return c;
}

} // namespace

void Tracer::op_BUILD_TUPLE(const CodeInstruction &ins) {
    push(SequenceValue::make(K::Tuple, popN(ins.arg)));
}

void Tracer::op_BUILD_LIST(const CodeInstruction &ins) {
    push(SequenceValue::make(K::List, popN(ins.arg)));
}

void Tracer::op_BUILD_MAP(const CodeInstruction &ins) {
    std::vector<ValuePtr> kv = popN(2 * ins.arg);
    auto d = std::make_shared<DictValue>();
    for (int i = 0; i < ins.arg; ++i)
        d->store(dictKey(kv[2 * i]), kv[2 * i], kv[2 * i + 1]);
    push(d);
}

void Tracer::op_BUILD_SET(const CodeInstruction &ins) {
    std::vector<ValuePtr> members = popN(ins.arg);
    ValuePtr set = makeSet(nullptr, false);
    for (const ValuePtr &m : members)
        setAdd(set, m);
    push(set);
}

void Tracer::op_SET_ADD(const CodeInstruction &ins) {
    ValuePtr v = pop();
    ValuePtr set = top(ins.arg);
    if (set->kind != K::Set)
        throw GraphBreak(BreakId::UnknownValue, "SET_ADD to " + set->describe());
    setAdd(set, v);
}

void Tracer::op_SET_UPDATE(const CodeInstruction &ins) {
    std::vector<ValuePtr> args{pop()};
    ValuePtr set = top(ins.arg);
    if (set->kind != K::Set)
        throw GraphBreak(BreakId::UnknownValue, "SET_UPDATE to " + set->describe());
    std::vector<std::pair<std::string, ValuePtr>> kwargs;
    callSetMethod(set, "update", args, kwargs);
}

void Tracer::op_BUILD_CONST_KEY_MAP(const CodeInstruction &ins) {
    PyRef keys = constantOf(pop(), "dict keys");
    std::vector<ValuePtr> values = popN(ins.arg);
    auto d = std::make_shared<DictValue>();
    for (int i = 0; i < ins.arg; ++i) {
        d->keys.push_back(PyRef::borrow(PyTuple_GetItem(keys.get(), i)));
        d->values.push_back(values[i]);
    }
    push(d);
}

void Tracer::op_BUILD_SLICE(const CodeInstruction &ins) {
    std::vector<ValuePtr> parts = popN(ins.arg);
    PyRef a = constantOf(parts[0], "slice bound"), b = constantOf(parts[1], "slice bound");
    PyRef c = ins.arg == 3 ? constantOf(parts[2], "slice step") : PyRef();
    push(Value::constant(PyRef::steal(PySlice_New(a.get(), b.get(), c.get()))));
}

void Tracer::op_BUILD_STRING(const CodeInstruction &ins) {
    std::vector<ValuePtr> parts = popN(ins.arg);
    PyRef list = PyRef::steal(PyList_New(0));
    for (const ValuePtr &p : parts)
        PyList_Append(list.get(), constantOf(p, "string part").get());
    PyRef empty = PyRef::steal(PyUnicode_FromString(""));
    push(Value::constant(PyRef::steal(PyUnicode_Join(empty.get(), list.get()))));
}

void Tracer::op_FORMAT_VALUE(const CodeInstruction &ins) {
    PyRef spec = (ins.arg & 4) ? constantOf(pop(), "format spec") : PyRef();
    ValuePtr v = pop();
    PyRef value = constantOf(v, "f-string value");
    int conv = ins.arg & 3;
    if (conv == 1)
        value = PyRef::steal(PyObject_Str(value.get()));
    else if (conv == 2)
        value = PyRef::steal(PyObject_Repr(value.get()));
    else if (conv == 3)
        value = PyRef::steal(PyObject_ASCII(value.get()));
    PyRef out = value ? PyRef::steal(PyObject_Format(value.get(), spec.get())) : PyRef();
    if (!out) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "format of " + v->describe());
    }
    push(Value::constant(out));
}

void Tracer::op_LIST_APPEND(const CodeInstruction &ins) {
    ValuePtr v = pop();
    ValuePtr list = top(ins.arg);
    if (list->kind != K::List)
        throw GraphBreak(BreakId::UnknownValue, "LIST_APPEND to " + list->describe());
    list->as<SequenceValue>()->items.push_back(v);
    markMutated(list);
}

void Tracer::op_LIST_EXTEND(const CodeInstruction &ins) {
    ValuePtr v = pop();
    ValuePtr list = top(ins.arg);
    if (list->kind != K::List)
        throw GraphBreak(BreakId::UnknownValue, "LIST_EXTEND to " + list->describe());
    std::vector<ValuePtr> items = drain(v);
    std::vector<ValuePtr> &dest = list->as<SequenceValue>()->items;
    dest.insert(dest.end(), items.begin(), items.end());
    markMutated(list);
}

void Tracer::op_LIST_TO_TUPLE(const CodeInstruction &) {
    ValuePtr v = pop();
    push(SequenceValue::make(K::Tuple, v->as<SequenceValue>()->items));
}

void Tracer::op_MAP_ADD(const CodeInstruction &ins) {
    ValuePtr value = pop();
    ValuePtr key = pop();
    ValuePtr d = top(ins.arg);
    if (d->kind != K::Dict)
        throw GraphBreak(BreakId::UnknownValue, "MAP_ADD to " + d->describe());
    d->as<DictValue>()->store(dictKey(key), key, value);
    markMutated(d);
}

void Tracer::op_DICT_UPDATE(const CodeInstruction &ins) {
    ValuePtr src = pop();
    ValuePtr d = top(ins.arg);
    if (d->kind != K::Dict || src->kind != K::Dict)
        throw GraphBreak(BreakId::UnknownValue, "dict update with " + src->describe());
    d->as<DictValue>()->update(*src->as<DictValue>());
    markMutated(d);
}

// f(**a, **b) and f(**a, k=v): unlike DICT_UPDATE, a key given twice is CPython's TypeError (a
// break: CPython raises it), never the later value silently winning; so is a key that is no
// string (a break too: what the callee makes of it is CPython's to say).
void Tracer::op_DICT_MERGE(const CodeInstruction &ins) {
    ValuePtr src = top(1);
    ValuePtr d = top(ins.arg + 1);
    if (d->kind == K::Dict && src->kind == K::Dict) {
        const auto &have = d->as<DictValue>()->keys;
        for (const PyRef &k : src->as<DictValue>()->keys) {
            if (!PyUnicode_Check(k.get()))
                throw GraphBreak(BreakId::PythonException, "keywords must be strings");
            for (const PyRef &h : have)
                if (PyObject_RichCompareBool(h.get(), k.get(), Py_EQ) == 1)
                    throw GraphBreak(BreakId::PythonException,
                                     std::string("got multiple values for keyword argument '") +
                                         PyUnicode_AsUTF8(k.get()) + "'");
        }
    }
    op_DICT_UPDATE(ins);
}

std::vector<ValuePtr> Tracer::unpack(const ValuePtr &v, int n) {
    std::vector<ValuePtr> items = drain(v);
    if (n >= 0 && static_cast<int>(items.size()) != n)
        throw GraphBreak(BreakId::PythonException, "cannot unpack " + std::to_string(items.size()) +
                                                       " values into " + std::to_string(n));
    return items;
}

void Tracer::op_UNPACK_SEQUENCE(const CodeInstruction &ins) {
    std::vector<ValuePtr> items = unpack(pop(), ins.arg);
    for (auto it = items.rbegin(); it != items.rend(); ++it)
        push(*it);
}

void Tracer::op_UNPACK_EX(const CodeInstruction &ins) {
    int before = ins.arg & 0xFF, after = ins.arg >> 8;
    std::vector<ValuePtr> items = unpack(pop(), -1);
    if (static_cast<int>(items.size()) < before + after)
        throw GraphBreak(BreakId::PythonException, "not enough values to unpack");
    std::vector<ValuePtr> out(items.begin(), items.begin() + before);
    out.push_back(SequenceValue::make(
        K::List, std::vector<ValuePtr>(items.begin() + before, items.end() - after)));
    out.insert(out.end(), items.end() - after, items.end());
    for (auto it = out.rbegin(); it != out.rend(); ++it)
        push(*it);
}

ValuePtr Tracer::binaryOp(int nbOp, const ValuePtr &a, const ValuePtr &b) {
    std::string name = nbName(nbOp);
    if (a->kind == K::Tensor || b->kind == K::Tensor) {
        // A dynamic int operand is an input of the node (elementwise: the result's shape and
        // dtype do not depend on its value).
        for (const ValuePtr &v : {a, b})
            if (v->kind == K::SymInt)
                symIntNode(v);
        PyRef fn = PyRef::steal(operatorFn(name));
        return callGraph("call_function", "operator." + name, fn, fn.get(), {a, b}, {});
    }
    bool inplace = nbOp >= 13;
    std::string base = inplace ? nbName(nbOp - 13) : name;
    if (ValuePtr set = setBinaryOp(base, inplace, a, b))
        return set;
    if ((base == "or_" || base == "and_" || base == "sub" || base == "xor") &&
        (a->kind == K::DictView || b->kind == K::DictView)) {
        // keys() | keys() and the like: a set of the (constant) keys, as CPython builds it.
        PyRef x = asKeySet(*this, a), y = asKeySet(*this, b);
        if (x && y) {
            PyRef fn = PyRef::steal(operatorFn(base));
            PyRef r =
                PyRef::steal(PyObject_CallFunctionObjArgs(fn.get(), x.get(), y.get(), nullptr));
            if (r)
                return wrapUnguarded(r.get());
            PyErr_Clear();
        }
    }
    if (base == "or_" && a->kind == K::Dict && b->kind == K::Dict) {
        // d | e is a new dict; d |= e updates d itself (another name for it sees the change).
        auto *da = a->as<DictValue>();
        bool plain = !da->pyType || da->pyType.get() == reinterpret_cast<PyObject *>(&PyDict_Type);
        if (inplace) {
            da->update(*b->as<DictValue>());
            markMutated(a);
            return a;
        }
        if (!plain)
            throw GraphBreak(BreakId::UnsupportedCall, "| of a " + a->describe());
        auto merged = std::make_shared<DictValue>();
        merged->update(*da);
        merged->update(*b->as<DictValue>());
        return merged;
    }
    if (ValuePtr sym = symIntArithmetic(base, a, b))
        return sym;
    auto *sa = a->tryAs<SequenceValue>(), *sb = b->tryAs<SequenceValue>();
    if ((a->kind == K::List && sa->pyType) || (b->kind == K::List && sb->pyType))
        throw GraphBreak(BreakId::UnsupportedCall, "operator." + name + " on a deque");
    if (sa && sb && base == "add") {
        if (inplace && a->kind == K::List) {
            sa->items.insert(sa->items.end(), sb->items.begin(), sb->items.end());
            markMutated(a);
            return a;
        }
        if (a->kind != b->kind) // [1] + (2,): CPython raises TypeError (only += extends)
            throw GraphBreak(BreakId::PythonException, "can only concatenate " + a->describe() +
                                                           " to the same kind, not " +
                                                           b->describe());
        std::vector<ValuePtr> items = sa->items;
        items.insert(items.end(), sb->items.begin(), sb->items.end());
        return SequenceValue::make(a->kind, items);
    }
    if (base == "mul" && ((sa && b->isConstant()) || (sb && a->isConstant()))) {
        // seq * n, n * seq; `lst *= n` repeats the list in place (another name for it sees it).
        const SequenceValue *seq = sa ? sa : sb;
        long n = PyLong_AsLong((sa ? b : a)->object.get());
        if (PyErr_Occurred()) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "sequence repeat by a non-int");
        }
        std::vector<ValuePtr> items;
        for (long i = 0; i < n; ++i)
            items.insert(items.end(), seq->items.begin(), seq->items.end());
        if (inplace && sa && a->kind == K::List) {
            sa->items = std::move(items);
            markMutated(a);
            return a;
        }
        return SequenceValue::make((sa ? a : b)->kind, items);
    }
    std::string dunder = base.back() == '_' ? base.substr(0, base.size() - 1) : base;
    if (ValuePtr r = userBinaryOp(dunder, inplace, a, b))
        return r;
    PyRef x = constantOf(a, name.c_str()), y = constantOf(b, name.c_str());
    PyRef fn = PyRef::steal(operatorFn(name));
    PyRef r = PyRef::steal(PyObject_CallFunctionObjArgs(fn.get(), x.get(), y.get(), nullptr));
    if (!r)
        raisePendingError("operator." + name + " on constants raises");
    return wrapUnguarded(r.get());
}

ValuePtr Tracer::compareOp(int op, const ValuePtr &a, const ValuePtr &b) {
    if (op < 0 || op > 5)
        throw GraphBreak(BreakId::UnsupportedOpcode, "COMPARE_OP " + std::to_string(op));
    std::string name = kCmpNames[op];
    PyRef fn = PyRef::steal(operatorFn(name));
    if (a->kind == K::Tensor || b->kind == K::Tensor)
        return callGraph("call_function", "operator." + name, fn, fn.get(), {a, b}, {});
    if (ValuePtr r = setCompare(kCmpOps[op], a, b))
        return r;
    if (ValuePtr r = userCompare(kCmpOps[op], a, b))
        return r;
    if (a->kind == K::DictView || b->kind == K::DictView) {
        // A keys view compares with another or with a set as the set of its keys (the values,
        // which may be tensors, are never read), as CPython's dict_keys does.
        PyRef x = asKeySet(*this, a), y = asKeySet(*this, b);
        if (x && y) {
            PyRef r = PyRef::steal(PyObject_RichCompare(x.get(), y.get(), kCmpOps[op]));
            if (r)
                return wrapUnguarded(r.get());
            PyErr_Clear();
        }
    }
    PyRef x = constantOf(a, name.c_str()), y = constantOf(b, name.c_str());
    PyRef r = PyRef::steal(PyObject_CallFunctionObjArgs(fn.get(), x.get(), y.get(), nullptr));
    if (!r)
        raisePendingError("operator." + name + " on constants raises");
    return wrapUnguarded(r.get());
}

ValuePtr Tracer::operatorCall(const std::string &name, const std::vector<ValuePtr> &args) {
    const ValuePtr none = Value::constant(Py_None);
    if (args.size() == 2) {
        for (int op = 0; op < 26; ++op)
            if (nbName(op) == name)
                return binaryOp(op, args[0], args[1]);
        for (int op = 0; op < 6; ++op)
            if (name == kCmpNames[op])
                return compareOp(op, args[0], args[1]);
        // concat/iconcat: + and += of sequences (another operand raises TypeError: folded).
        if ((name == "concat" || name == "iconcat") && args[0]->isSequence())
            return binaryOp(name == "concat" ? 0 : 13, args[0], args[1]);
        if (name == "is_" || name == "is_not")
            return Value::constant(
                PyBool_FromLong(isSameObject(args[0], args[1]) == (name == "is_")));
        if (name == "contains")
            return Value::constant(PyBool_FromLong(contains(args[0], args[1])));
        if (name == "delitem") {
            deleteSubscript(args[0], args[1]);
            return none;
        }
    }
    if (args.size() == 3 && name == "setitem") {
        storeSubscript(args[0], args[1], args[2]);
        return none;
    }
    if (args.size() == 1 && (name == "not_" || name == "truth"))
        return Value::constant(PyBool_FromLong(truthOf(args[0]) == (name == "truth")));
    return nullptr;
}

void Tracer::op_BINARY_OP(const CodeInstruction &ins) {
    ValuePtr b = pop();
    ValuePtr a = pop();
    push(binaryOp(ins.arg, a, b));
}

void Tracer::op_COMPARE_OP(const CodeInstruction &ins) {
    ValuePtr b = pop();
    ValuePtr a = pop();
    push(compareOp(ins.arg, a, b));
}

// Whether two tensor values are one object: the same node once in-place results lead back to
// what they mutated, or two inputs read through different sources that are the same tensor
// (one placeholder per source; the aliasing guard keeps that fact for the cache entry).
bool Tracer::sameTensor(const ValuePtr &a, const ValuePtr &b) const {
    const GraphNodeSpec *x = m_graph->identityOf(a->as<TensorValue>()->node);
    const GraphNodeSpec *y = m_graph->identityOf(b->as<TensorValue>()->node);
    if (!x || !y)
        return a->as<TensorValue>()->node == b->as<TensorValue>()->node;
    if (x->name == y->name)
        return true;
    if (x->op != "placeholder" || y->op != "placeholder" || !x->source || !y->source)
        return false;
    PyObject *ox = nullptr, *oy = nullptr;
    for (const auto &ts : m_tensorSources) {
        if (ts.second->text() == x->source->text())
            ox = ts.first;
        if (ts.second->text() == y->source->text())
            oy = ts.first;
    }
    return ox && ox == oy;
}

void Tracer::op_IS_OP(const CodeInstruction &ins) {
    ValuePtr b = pop();
    ValuePtr a = pop();
    bool same = isSameObject(a, b);
    push(Value::constant(PyBool_FromLong(ins.arg ? !same : same)));
}

// Equal constants may be two objects (a string built at run time, a large int): the guards on
// their values do not tell, so an input constant whose identity decided `is` is guarded by it
// (against the other input's object, or by ID_MATCH against a constant of the code).
void Tracer::guardConstantIdentity(const ValuePtr &a, const ValuePtr &b, bool same) {
    auto byValue = [](const ValuePtr &v) {
        PyObject *o = v->object.get();
        return v->isConstant() && o != Py_None && !PyBool_Check(o) && o != Py_Ellipsis &&
               o != Py_NotImplemented && !PyType_Check(o);
    };
    if (!byValue(a) && !byValue(b))
        return;
    if (a->source && b->source) {
        addGuard(Guard::objectAliasing({a->source, b->source}, {0, same ? 0 : 1}));
        return;
    }
    for (const ValuePtr &v : {a, b})
        if (v->source && byValue(v))
            addGuard(Guard::idMatch(v->source, v->object.get()));
}

bool Tracer::isSameObject(const ValuePtr &a, const ValuePtr &b) {
    bool same;
    if (a == b) {
        same = true;
        m_identityTested = true;
    } else if (a->kind == K::Tensor || b->kind == K::Tensor)
        // One object: the same node once in-place results lead back to what they changed, or
        // one input however it was reached (the aliasing guard keeps that for the entry).
        same = a->kind == b->kind && sameTensor(a, b);
    else if (a->kind == K::NewObject || b->kind == K::NewObject || a->kind == K::Set ||
             b->kind == K::Set || a->kind == K::Partial || b->kind == K::Partial)
        same = false; // an object made in the trace (or one set argument) is its value: another
                      // value is another object
    else if (a->object && b->object && !a->isSequence() && !b->isSequence() && a->kind != K::Dict &&
             b->kind != K::Dict) {
        same = a->object.get() == b->object.get();
        // Two objects read from the inputs: the object aliasing guard keeps the answer.
        m_identityTested = m_identityTested || (!a->isConstant() && !b->isConstant());
        guardConstantIdentity(a, b, same);
    } else if (a->kind != b->kind)
        same = false;
    else
        throw GraphBreak(BreakId::UnknownValue, "identity of " + a->describe());
    return same;
}

void Tracer::op_CONTAINS_OP(const CodeInstruction &ins) {
    ValuePtr container = pop();
    ValuePtr item = pop();
    bool found = contains(container, item);
    push(Value::constant(PyBool_FromLong(ins.arg ? !found : found)));
}

bool Tracer::contains(ValuePtr container, const ValuePtr &item) {
    bool found = false;
    if (auto *view = container->tryAs<DictViewValue>())
        container =
            view->which == "keys" ? view->dict : SequenceValue::make(K::List, drain(container));
    if (container->kind == K::NNModule) {
        if (ValuePtr r = moduleContains(container, item))
            return r->object.get() == Py_True;
    }
    if (container->kind == K::Iterator) {
        // `x in it` consumes the iterator up to the first equal item, as CPython does.
        PyRef k = constantOf(item, "`in` operand");
        while (ValuePtr v = iterNext(container)) {
            if (v->kind == K::Tensor)
                throw GraphBreak(BreakId::TensorPythonOp, "`in` over an iterator of tensors");
            PyRef c = constantOf(v, "`in` item");
            int r = PyObject_RichCompareBool(c.get(), k.get(), Py_EQ);
            if (r < 0) {
                PyErr_Clear();
                throw GraphBreak(BreakId::PythonException, "`in` comparison raises");
            }
            if (r == 1) {
                found = true;
                break;
            }
        }
        return found;
    }
    // A member test answered now on the objects themselves (the caller guards what it read).
    auto containsNow = [&](PyObject *c, PyObject *i) {
        int r = PySequence_Contains(c, i);
        if (r < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "`in` raises");
        }
        return r == 1;
    };
    if (container->kind == K::UserObject && container->object && container->source &&
        PyFrozenSet_CheckExact(container->object.get()) && item->object &&
        (item->isConstant() || item->kind == K::TorchFunction || item->kind == K::Builtin ||
         item->kind == K::UserFunction)) {
        // A frozenset of functions or classes (immutable): its identity is what the trace
        // assumed, the member test is answered now.
        addGuard(Guard::idMatch(container->source, container->object.get()));
        if (item->source && !item->isConstant())
            addGuard(Guard::idMatch(item->source, item->object.get()));
        return containsNow(container->object.get(), item->object.get());
    }
    if (container->kind == K::UserObject && container->object && container->source &&
        Py_TYPE(container->object.get()) == &PyDictProxy_Type && item->isConstant()) {
        // `name in Cls.__dict__`: the class's own names, read now; the list of them guarded,
        // so a class that gains or loses an attribute recompiles.
        addGuard(Guard::dictKeys(container->source, container->object.get()));
        return containsNow(container->object.get(), item->object.get());
    }
    if (container->kind == K::Set) {
        found = setContains(container, item);
    } else if (container->kind == K::Dict) {
        found = container->as<DictValue>()->indexOf(dictKey(item).get()) >= 0;
    } else if (container->isSequence()) {
        // CPython's search: item by item in order, each the same object or ==, stopping at the
        // first match (`3 in [1, 2, 3, x]` never compares the tensor x).
        for (const ValuePtr &v : container->as<SequenceValue>()->items)
            if ((found = sameOrEqual(v, item)))
                break;
    } else {
        PyRef c = constantOf(container, "`in` container"), k = constantOf(item, "`in` operand");
        int r = PySequence_Contains(c.get(), k.get());
        if (r < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "`in` raises");
        }
        found = r == 1;
    }
    PyErr_Clear();
    return found;
}

namespace {
ValuePtr unary(Tracer &t, const char *opName, const ValuePtr &v) {
    if (ValuePtr sym = t.symIntUnary(opName, v))
        return sym;
    PyRef fn = PyRef::steal(PyObject_GetAttrString(py::operatorModule(), opName));
    if (v->kind == K::Tensor)
        return t.callGraph("call_function", std::string("operator.") + opName, fn, fn.get(), {v},
                           {});
    PyRef x = t.constantOf(v, opName);
    PyRef r = PyRef::steal(PyObject_CallOneArg(fn.get(), x.get()));
    if (!r) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, std::string(opName) + " raises");
    }
    return t.wrapUnguarded(r.get());
}
} // namespace

void Tracer::op_UNARY_NEGATIVE(const CodeInstruction &) {
    push(unary(*this, "neg", pop()));
}
void Tracer::op_UNARY_POSITIVE(const CodeInstruction &) {
    push(unary(*this, "pos", pop()));
}
void Tracer::op_UNARY_INVERT(const CodeInstruction &) {
    push(unary(*this, "invert", pop()));
}
void Tracer::op_UNARY_NOT(const CodeInstruction &) {
    push(Value::constant(PyBool_FromLong(!truthOf(pop()))));
}

void Tracer::op_BINARY_SUBSCR(const CodeInstruction &) {
    ValuePtr key = pop();
    ValuePtr obj = pop();
    push(subscript(obj, key));
}

void Tracer::op_DELETE_SUBSCR(const CodeInstruction &) {
    ValuePtr key = pop();
    ValuePtr container = pop();
    deleteSubscript(container, key);
}

void Tracer::deleteSubscript(const ValuePtr &container, const ValuePtr &key) {
    if (auto *dict = container->tryAs<DictValue>()) {
        PyRef k = dictKey(key);
        if (long i = dict->indexOf(k.get()); i >= 0) {
            dict->eraseAt(i);
            markMutated(container);
            return;
        }
        throw GraphBreak(BreakId::PythonException, "KeyError " + key->describe());
    }
    if (container->kind == K::List) {
        auto *list = container->as<SequenceValue>();
        PyRef k = constantOf(key, "list index");
        if (PySlice_Check(k.get()) && !list->pyType) {
            storeSlice(container, k.get(), {});
            markMutated(container);
            return;
        }
        Py_ssize_t i = PyNumber_AsSsize_t(k.get(), nullptr);
        Py_ssize_t n = static_cast<Py_ssize_t>(list->items.size());
        if (PyErr_Occurred() || i < -n || i >= n) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "list deletion index");
        }
        list->items.erase(list->items.begin() + (i < 0 ? i + n : i));
        markMutated(container);
        return;
    }
    throw GraphBreak(BreakId::SideEffect, "del on " + container->describe());
}

// list[a:b:c] = items, as CPython's list_ass_subscript does it.
void Tracer::storeSlice(const ValuePtr &list, PyObject *slice, std::vector<ValuePtr> items) {
    Py_ssize_t start, stop, step, n;
    std::vector<ValuePtr> &dest = list->as<SequenceValue>()->items;
    if (PySlice_GetIndicesEx(slice, static_cast<Py_ssize_t>(dest.size()), &start, &stop, &step,
                             &n) < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "bad slice");
    }
    if (step == 1) {
        stop = std::max(stop, start);
        dest.erase(dest.begin() + start, dest.begin() + stop);
        dest.insert(dest.begin() + start, items.begin(), items.end());
        return;
    }
    if (static_cast<Py_ssize_t>(items.size()) != n)
        throw GraphBreak(BreakId::PythonException,
                         "attempt to assign a sequence of the wrong size to an extended slice");
    for (Py_ssize_t i = 0; i < n; ++i)
        dest[start + i * step] = items[i];
}

void Tracer::op_STORE_SUBSCR(const CodeInstruction &) {
    ValuePtr key = pop();
    ValuePtr container = pop();
    ValuePtr value = pop();
    storeSubscript(container, key, value);
}

void Tracer::storeSubscript(const ValuePtr &container, const ValuePtr &key, const ValuePtr &value) {
    if (container->kind == K::Tensor) {
        PyRef fn = PyRef::steal(operatorFn("setitem"));
        callGraph("call_function", "operator.setitem", fn, fn.get(), {container, key, value}, {});
        return;
    }
    if (container->kind == K::List) {
        auto *list = container->as<SequenceValue>();
        PyRef k = constantOf(key, "list index");
        if (PySlice_Check(k.get()) && !list->pyType) {
            storeSlice(container, k.get(), drain(value));
            markMutated(container);
            return;
        }
        Py_ssize_t i = PyNumber_AsSsize_t(k.get(), nullptr);
        Py_ssize_t n = static_cast<Py_ssize_t>(list->items.size());
        if (PyErr_Occurred() || i < -n || i >= n) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "list assignment index");
        }
        list->items[i < 0 ? i + n : i] = value;
        markMutated(container);
        return;
    }
    if (auto *dict = container->tryAs<DictValue>()) {
        dict->store(dictKey(key), key, value);
        markMutated(container);
        return;
    }
    throw GraphBreak(BreakId::SideEffect, "item assignment on " + container->describe());
}

} // namespace dynascope
