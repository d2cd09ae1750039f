// Sets on Values (Dynamo's SetVariable): BUILD_SET, SET_ADD, SET_UPDATE, set()/frozenset(), the
// methods, operators, comparisons and `in`. Every operation runs on the set's shadow (a real
// Python set of its members' hash keys), so results, membership and errors are CPython's; the
// members are mapped back from the keys the operation left.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>
#include <map>
#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

// Whether CPython hashes and compares `o` by its value in C (or by identity), so the key can be
// the object itself and its hash is the same on every call the guards let through.
bool hashesByValue(PyObject *o) {
    if (o == Py_None || o == Py_Ellipsis || PyBool_Check(o) || PyLong_CheckExact(o) ||
        PyFloat_CheckExact(o) || PyComplex_CheckExact(o) || PyUnicode_CheckExact(o) ||
        PyBytes_CheckExact(o) || PyCode_Check(o))
        return true;
    if (PyTuple_Check(o) || PyFrozenSet_CheckExact(o)) {
        if (PyTuple_Check(o) && Py_TYPE(o)->tp_hash != PyTuple_Type.tp_hash)
            return false; // a tuple subclass with its own __hash__
        PyRef it = PyRef::steal(PyObject_GetIter(o));
        while (PyRef item = PyRef::steal(it ? PyIter_Next(it.get()) : nullptr))
            if (!hashesByValue(item.get()))
                return false;
        PyErr_Clear();
        return it.get() != nullptr;
    }
    const std::string type = Py_TYPE(o)->tp_name;
    if (type == "torch.dtype" || type == "torch.device" || type == "torch.layout" ||
        type == "torch.memory_format")
        return true;
    // Classes with a plain metaclass, functions, modules: hashed and compared by identity.
    return Py_TYPE(o)->tp_hash == PyBaseObject_Type.tp_hash &&
           Py_TYPE(o)->tp_richcompare == PyBaseObject_Type.tp_richcompare;
}

// An operand of a set operation as CPython would see it: `py` (a set's shadow, a constant
// itself, or a list of the keys of what an iterable yields) and the members its keys stand for.
struct Operand {
    PyRef py;
    std::vector<PyRef> keys;
    std::vector<ValuePtr> values;
    bool exact = true; // iterating `py` yields what CPython's operand would, in its order
};

ValuePtr none() {
    return Value::constant(Py_None);
}

std::vector<PyRef> pyItems(PyObject *iterable) {
    std::vector<PyRef> out;
    PyRef it = PyRef::steal(PyObject_GetIter(iterable));
    while (PyRef item = PyRef::steal(it ? PyIter_Next(it.get()) : nullptr))
        out.push_back(item);
    PyErr_Clear();
    return out;
}

// The member a key object stands for: by identity among the operands' keys first (an
// operation keeps the objects it was given), then by equality; a constant key is its own value.
ValuePtr memberFor(PyObject *key, const std::vector<const Operand *> &ops) {
    for (const Operand *op : ops)
        for (size_t i = 0; i < op->keys.size(); ++i)
            if (op->keys[i].get() == key)
                return op->values[i];
    for (const Operand *op : ops)
        for (size_t i = 0; i < op->keys.size(); ++i)
            if (PyObject_Hash(op->keys[i].get()) == PyObject_Hash(key) &&
                PyObject_RichCompareBool(op->keys[i].get(), key, Py_EQ) == 1)
                return op->values[i];
    PyErr_Clear();
    if (hashesByValue(key))
        return Value::constant(PyRef::borrow(key));
    throw GraphBreak(BreakId::UnknownValue, "a set member the trace did not add");
}

Operand asOperand(const SetValue &s) {
    Operand op;
    op.py = s.shadow;
    op.keys = s.keys;
    op.values = s.values;
    op.exact = s.exactOrder;
    return op;
}

// A new set value whose shadow is `shadow` (made by a CPython operation on the operands).
std::shared_ptr<SetValue> setFromShadow(PyRef shadow, const std::vector<const Operand *> &ops) {
    auto s = std::make_shared<SetValue>();
    if (PyFrozenSet_CheckExact(shadow.get()))
        s->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(&PyFrozenSet_Type));
    for (const PyRef &k : pyItems(shadow.get())) {
        s->keys.push_back(k);
        s->values.push_back(memberFor(k.get(), ops));
    }
    s->shadow = std::move(shadow);
    for (const Operand *op : ops)
        s->exactOrder = s->exactOrder && op->exact;
    return s;
}

// After an operation changed the shadow in place: the members are what it holds, those kept in
// the order first added, the new ones in the order the operands gave them.
void syncSet(const ValuePtr &set, const std::vector<const Operand *> &ops) {
    auto *s = set->as<SetValue>();
    Operand before = asOperand(*s);
    std::vector<const Operand *> all{&before};
    all.insert(all.end(), ops.begin(), ops.end());
    std::map<PyObject *, size_t> rank;
    size_t n = 0;
    for (const Operand *op : all)
        for (const PyRef &k : op->keys.empty() ? pyItems(op->py.get()) : op->keys)
            rank.emplace(k.get(), n++);
    std::vector<std::pair<size_t, PyRef>> now;
    for (const PyRef &k : pyItems(s->shadow.get())) {
        auto r = rank.find(k.get());
        now.push_back({r == rank.end() ? n + now.size() : r->second, k});
    }
    std::stable_sort(now.begin(), now.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<PyRef> keys;
    std::vector<ValuePtr> values;
    for (const auto &k : now) {
        keys.push_back(k.second);
        values.push_back(memberFor(k.second.get(), all));
    }
    s->keys = std::move(keys);
    s->values = std::move(values);
    for (const Operand *op : ops)
        s->exactOrder = s->exactOrder && op->exact;
    if (set->source)
        s->mutated = true;
}

[[noreturn]] void raised(const std::string &what) {
    PyErr_Clear();
    throw GraphBreak(BreakId::PythonException, what + " raises");
}

} // namespace

PyRef Tracer::hashKey(const ValuePtr &member) {
    ValuePtr v = specializeSymInt(member); // hashing an int reads its value
    switch (v->kind) {
    case K::Constant:
        if (!hashesByValue(v->object.get()))
            break;
        if (PyObject_Hash(v->object.get()) == -1)
            raised("hash(" + v->describe() + ")");
        return v->object;
    case K::Tuple: {
        PyRef t = v->asPython();
        if (!t || !hashesByValue(t.get()))
            break;
        return t;
    }
    case K::Set: {
        const auto *s = v->as<SetValue>();
        if (!s->frozen())
            throw GraphBreak(BreakId::PythonException, "unhashable type: 'set'");
        for (const PyRef &k : s->keys)
            if (!hashesByValue(k.get()))
                throw GraphBreak(BreakId::UnsupportedCall,
                                 "a frozenset of tensors as a set member");
        return PyRef::steal(PyFrozenSet_New(s->shadow.get()));
    }
    case K::List:
    case K::Dict:
        throw GraphBreak(BreakId::PythonException,
                         std::string("unhashable type: '") +
                             reinterpret_cast<PyTypeObject *>(v->pythonType())->tp_name + "'");
    case K::Tensor: {
        // A tensor hashes by its address. The input a source names is one object however it
        // is reached (the aliasing guard keeps that so); a tensor made in the graph is its
        // value, and its meta tensor stands in: an address CPython's allocator could have
        // given it, so the order it takes in the set is one CPython could take.
        const PyRef &meta = v->as<TensorValue>()->meta;
        PyRef object = v->source ? fetchAtStart(v->source) : PyRef();
        if (!object)
            return meta;
        return m_tensorKeys.emplace(object.get(), meta).first->second;
    }
    case K::NNModule:
    case K::UserObject:
    case K::UserFunction:
    case K::TorchFunction:
    case K::Builtin:
    case K::PyModule:
        if (!v->object || !hashesByValue(v->object.get()))
            break;
        if (v->source)
            addGuard(Guard::idMatch(v->source, v->object.get()));
        return v->object;
    case K::NewObject: {
        PyObject *cls = v->pythonType();
        auto *type = reinterpret_cast<PyTypeObject *>(cls);
        if (type->tp_hash != PyBaseObject_Type.tp_hash ||
            type->tp_richcompare != PyBaseObject_Type.tp_richcompare)
            break;
        // Compared by identity: a plain object stands in for the one the exit will make.
        auto it = m_identityKeys.find(v.get());
        if (it == m_identityKeys.end())
            it = m_identityKeys
                     .emplace(v.get(), PyRef::steal(PyObject_CallNoArgs(
                                           reinterpret_cast<PyObject *>(&PyBaseObject_Type))))
                     .first;
        return it->second;
    }
    default:
        break;
    }
    throw GraphBreak(BreakId::UnsupportedCall,
                     "a set member " + v->describe() + " (its hash is not known at trace time)");
}

PyRef Tracer::dictKey(const ValuePtr &key) {
    ValuePtr v = specializeSymInt(key); // hashing an int reads its value
    if (v->kind == K::Tensor || v->kind == K::Set)
        return hashKey(v);
    PyRef p = v->asPython();
    if (!p)
        return hashKey(v);
    if (PyObject_Hash(p.get()) == -1)
        raised("hash(" + v->describe() + ")");
    return p;
}

// The operand CPython's set code would receive for `v`.
static Operand operandOf(Tracer &t, const ValuePtr &v) {
    if (const auto *s = v->tryAs<SetValue>())
        return asOperand(*s);
    Operand op;
    if (v->isConstant()) {
        op.py = v->object;
        return op;
    }
    if (auto *view = v->tryAs<DictViewValue>(); view && view->which == "keys") {
        // A keys view takes part in set operators as a set of its keys (dictviews_or…); the
        // result's order is the view code's, not modelled here.
        op.py = PyRef::steal(PySet_New(nullptr));
        for (const PyRef &k : view->contents().keys)
            PySet_Add(op.py.get(), k.get());
        op.exact = false;
        return op;
    }
    if (!(v->isSequence() || v->kind == K::Dict || v->kind == K::DictView ||
          v->kind == K::Iterator || v->kind == K::UserObject || v->kind == K::NewObject))
        throw GraphBreak(BreakId::UnsupportedCall, "a set operation on " + v->describe());
    op.py = PyRef::steal(PyList_New(0));
    for (const ValuePtr &drained : t.drain(v)) {
        ValuePtr item = t.specializeSymInt(drained);
        op.keys.push_back(t.hashKey(item));
        op.values.push_back(item);
        PyList_Append(op.py.get(), op.keys.back().get());
    }
    return op;
}

std::shared_ptr<SetValue> Tracer::makeSet(const ValuePtr &iterable, bool frozen) {
    if (!iterable) {
        auto s = std::make_shared<SetValue>();
        if (frozen) {
            s->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(&PyFrozenSet_Type));
            s->shadow = PyRef::steal(PyFrozenSet_New(nullptr));
        }
        return s;
    }
    Operand op = operandOf(*this, iterable);
    PyRef shadow = PyRef::steal(frozen ? PyFrozenSet_New(op.py.get()) : PySet_New(op.py.get()));
    if (!shadow)
        raised(std::string(frozen ? "frozenset" : "set") + "(" + iterable->describe() + ")");
    return setFromShadow(shadow, {&op});
}

void Tracer::setAdd(const ValuePtr &set, const ValuePtr &added) {
    auto *s = set->as<SetValue>();
    ValuePtr member = specializeSymInt(added); // hashing an int reads its value
    PyRef key = hashKey(member);
    int present = PySet_Contains(s->shadow.get(), key.get());
    if (present < 0)
        raised("set.add()");
    if (present)
        return; // CPython keeps the member it has
    if (PySet_Add(s->shadow.get(), key.get()) < 0)
        raised("set.add()");
    s->keys.push_back(key);
    s->values.push_back(member);
    if (set->source)
        s->mutated = true;
}

std::vector<ValuePtr> Tracer::setMembers(const ValuePtr &set) {
    auto *s = set->as<SetValue>();
    if (s->exactOrder) {
        std::vector<ValuePtr> out;
        for (const PyRef &k : pyItems(s->shadow.get()))
            out.push_back(s->values.at(s->indexOf(k.get())));
        return out;
    }
    // A set argument not changed yet: its members were read in its own order, which the trace
    // now depends on (equal sets can iterate differently: the table keeps its history).
    if (set->source && !s->mutated && s->object) {
        PyRef keys = PyRef::steal(PyTuple_New(static_cast<Py_ssize_t>(s->keys.size())));
        for (size_t i = 0; i < s->keys.size(); ++i)
            PyTuple_SET_ITEM(keys.get(), i, PyRef(s->keys[i]).release());
        addGuard(Guard::equalsMatch(Source::iteratorRemaining(set->source), keys.get()));
        return s->values;
    }
    throw GraphBreak(BreakId::UnknownValue,
                     "the iteration order of a set changed from an argument (CPython's order "
                     "depends on the table's history, which the trace does not hold)");
}

ValuePtr Tracer::callSetMethod(const ValuePtr &self, const std::string &name,
                               std::vector<ValuePtr> &args,
                               std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    auto *s = self->as<SetValue>();
    const char *type = s->frozen() ? "frozenset" : "set";
    if (!kwargs.empty())
        throw GraphBreak(BreakId::PythonException,
                         std::string(type) + "." + name + "() takes no keyword arguments");
    static const std::set<std::string> mutating = {"add",
                                                   "discard",
                                                   "remove",
                                                   "pop",
                                                   "clear",
                                                   "update",
                                                   "intersection_update",
                                                   "difference_update",
                                                   "symmetric_difference_update"};
    if (s->frozen() && mutating.count(name))
        throw GraphBreak(BreakId::PythonException,
                         "'frozenset' object has no attribute '" + name + "'");
    if (name == "add" && args.size() == 1) {
        setAdd(self, args[0]);
        return none();
    }
    if ((name == "discard" || name == "remove") && args.size() == 1) {
        PyRef key = hashKey(args[0]);
        long i = s->indexOf(key.get());
        if (i < 0) {
            if (name == "remove")
                throw GraphBreak(BreakId::PythonException, "KeyError in set.remove()");
            return none();
        }
        if (PySet_Discard(s->shadow.get(), s->keys[i].get()) < 0)
            raised("set." + name + "()");
        s->keys.erase(s->keys.begin() + i);
        s->values.erase(s->values.begin() + i);
        if (self->source)
            s->mutated = true;
        return none();
    }
    if (name == "pop" && args.empty()) {
        if (s->keys.empty())
            throw GraphBreak(BreakId::PythonException, "pop from an empty set");
        // CPython pops from where its last pop stopped: only a table the trace built knows.
        if (!s->exactOrder)
            throw GraphBreak(BreakId::UnknownValue,
                             "set.pop() on a set from an argument (which member CPython pops "
                             "depends on the table's history)");
        PyRef key = PyRef::steal(PySet_Pop(s->shadow.get()));
        if (!key)
            raised("set.pop()");
        long i = s->indexOf(key.get());
        ValuePtr v = s->values.at(i);
        s->keys.erase(s->keys.begin() + i);
        s->values.erase(s->values.begin() + i);
        if (self->source)
            s->mutated = true;
        return v;
    }
    if (name == "clear" && args.empty()) {
        PySet_Clear(s->shadow.get());
        s->keys.clear();
        s->values.clear();
        if (self->source)
            s->mutated = true;
        return none();
    }
    if (name == "copy" && args.empty()) {
        if (s->frozen())
            return self; // frozenset.copy() is the object itself
        Operand op = asOperand(*s);
        PyRef shadow = PyRef::steal(PySet_New(s->shadow.get()));
        return setFromShadow(shadow, {&op});
    }
    static const std::set<std::string> operations = {"union",
                                                     "intersection",
                                                     "difference",
                                                     "symmetric_difference",
                                                     "issubset",
                                                     "issuperset",
                                                     "isdisjoint",
                                                     "update",
                                                     "intersection_update",
                                                     "difference_update",
                                                     "symmetric_difference_update"};
    if (!operations.count(name))
        throw GraphBreak(BreakId::UnsupportedCall, std::string(type) + "." + name + "()");
    std::vector<Operand> operands;
    for (const ValuePtr &a : args)
        operands.push_back(operandOf(*this, a));
    PyRef method = PyRef::steal(PyObject_GetAttrString(s->shadow.get(), name.c_str()));
    PyRef pyArgs = PyRef::steal(PyTuple_New(static_cast<Py_ssize_t>(operands.size())));
    for (size_t i = 0; i < operands.size(); ++i)
        PyTuple_SET_ITEM(pyArgs.get(), i, PyRef(operands[i].py).release());
    PyRef r = method ? PyRef::steal(PyObject_Call(method.get(), pyArgs.get(), nullptr)) : PyRef();
    if (!r)
        raised(std::string(type) + "." + name + "()");
    Operand me = asOperand(*s);
    std::vector<const Operand *> ops{&me};
    for (const Operand &op : operands)
        ops.push_back(&op);
    if (r.get() == Py_None) {
        ops.erase(ops.begin());
        syncSet(self, ops);
        return none();
    }
    if (PyAnySet_Check(r.get()))
        return setFromShadow(r, ops);
    return Value::constant(r);
}

ValuePtr Tracer::setBinaryOp(const std::string &op, bool inplace, const ValuePtr &a,
                             const ValuePtr &b) {
    if (a->kind != K::Set && b->kind != K::Set)
        return nullptr;
    if (inplace && a->kind != K::Set && a->object && PyAnySet_Check(a->object.get()))
        throw GraphBreak(BreakId::UnsupportedCall,
                         "an in-place operator on a set the trace holds as a constant");
    Operand x = operandOf(*this, a), y = operandOf(*this, b);
    // operator.or_ / operator.ior: the in-place names drop the trailing underscore.
    std::string name = op;
    if (inplace)
        name = "i" + (name.back() == '_' ? name.substr(0, name.size() - 1) : name);
    PyRef fn = PyRef::steal(PyObject_GetAttrString(py::operatorModule(), name.c_str()));
    PyRef r =
        fn ? PyRef::steal(PyObject_CallFunctionObjArgs(fn.get(), x.py.get(), y.py.get(), nullptr))
           : PyRef();
    if (!r)
        raised("operator." + name + " on a set");
    if (a->kind == K::Set && r.get() == a->as<SetValue>()->shadow.get()) {
        syncSet(a, {&y}); // an in-place operator on a set: the same object
        return a;
    }
    if (PyAnySet_Check(r.get()))
        return setFromShadow(r, {&x, &y});
    return Value::constant(r);
}

ValuePtr Tracer::setCompare(int op, const ValuePtr &a, const ValuePtr &b) {
    if (a->kind != K::Set && b->kind != K::Set)
        return nullptr;
    for (const ValuePtr &v : {a, b})
        if (v->kind != K::Set && !v->isConstant() && !v->isSequence())
            throw GraphBreak(BreakId::UnsupportedCall, "comparing a set with " + v->describe());
    Operand x = operandOf(*this, a), y = operandOf(*this, b);
    PyRef r = PyRef::steal(PyObject_RichCompare(x.py.get(), y.py.get(), op));
    if (!r)
        raised("comparing sets");
    return Value::constant(r);
}

bool Tracer::setContains(const ValuePtr &set, const ValuePtr &item) {
    PyRef key = hashKey(item);
    int r = PySet_Contains(set->as<SetValue>()->shadow.get(), key.get());
    if (r < 0)
        raised("`in` on a set");
    return r == 1;
}

ValuePtr Tracer::wrapSet(PyObject *o, SourcePtr source) {
    std::vector<PyRef> members = pyItems(o);
    for (const PyRef &m : members)
        if (!hashesByValue(m.get()) || py::isTensor(m.get()))
            return nullptr;
    // A set of constants is guarded by value, as Dynamo guards it (CONSTANT_MATCH); its
    // members are read in the object's order, which is guarded only if the trace reads it.
    // The guard keeps a copy: the set itself may change after this call (and be the same
    // object, equal to itself, on the next one).
    addGuard(Guard::equalsMatch(source, PyRef::steal(PySet_New(o)).get()));
    auto s = std::make_shared<SetValue>(PyRef::borrow(o), source);
    for (const PyRef &m : members) {
        s->keys.push_back(m);
        s->values.push_back(Value::constant(m));
        PySet_Add(s->shadow.get(), m.get());
    }
    s->exactOrder = false;
    m_wrapped[o] = s;
    return s;
}

} // namespace dynascope
