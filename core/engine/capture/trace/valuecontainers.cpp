// The container value classes' behaviour: sequences, dicts, dict views and sets as Python objects,
// their printable kinds and Python types.
#include "trace/breakcatalogue.h"
#include "trace/value.h"

#include <algorithm>

namespace dynascope {

PyRef SequenceValue::asPython() const {
    bool tuple = kind == Kind::Tuple;
    PyRef out = PyRef::steal(tuple ? PyTuple_New(items.size()) : PyList_New(items.size()));
    for (size_t i = 0; i < items.size(); ++i) {
        PyRef item = items[i]->asPython();
        if (!item)
            return {};
        if (tuple)
            PyTuple_SET_ITEM(out.get(), i, item.release());
        else
            PyList_SET_ITEM(out.get(), i, item.release());
    }
    if (!pyType)
        return out;
    // A named tuple is made with its _make (its constructor takes the fields as arguments), a
    // structseq or deque from the sequence itself.
    PyRef make = tuple ? PyRef::steal(PyObject_GetAttrString(pyType.get(), "_make")) : PyRef();
    PyErr_Clear();
    PyRef typed = PyRef::steal(PyObject_CallOneArg(make ? make.get() : pyType.get(), out.get()));
    if (!typed)
        PyErr_Clear();
    return typed;
}

std::string SequenceValue::describe() const {
    return std::string(kindName(kind)) + "(length " + std::to_string(items.size()) + ")";
}

PyObject *SequenceValue::pythonType() const {
    if (pyType)
        return pyType.get();
    if (kind == Kind::Tuple)
        return object ? reinterpret_cast<PyObject *>(Py_TYPE(object.get()))
                      : reinterpret_cast<PyObject *>(&PyTuple_Type);
    return reinterpret_cast<PyObject *>(&PyList_Type);
}

namespace {

// The position of `key` among `keys` as CPython's dict and set lookups find it: the same object,
// else an equal hash and == (so a stand-in's elementwise == is never asked); -1 when absent or
// when a hash or == raised (the Python error is left set for the caller).
long hashedKeyIndex(const std::vector<PyRef> &keys, PyObject *key) {
    for (size_t i = 0; i < keys.size(); ++i)
        if (keys[i].get() == key)
            return static_cast<long>(i);
    Py_hash_t h = PyObject_Hash(key);
    for (size_t i = 0; i < keys.size() && h != -1; ++i) {
        Py_hash_t hi = PyObject_Hash(keys[i].get());
        if (hi == -1)
            return -1;
        if (hi != h)
            continue;
        int eq = PyObject_RichCompareBool(keys[i].get(), key, Py_EQ);
        if (eq < 0)
            return -1;
        if (eq == 1)
            return static_cast<long>(i);
    }
    return -1;
}

} // namespace

long DictValue::indexOf(PyObject *key) const {
    long i = hashedKeyIndex(keys, key);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "a dict key's hash or == raises");
    }
    return i;
}

ValuePtr DictValue::keyValue(size_t i) const {
    auto it = objectKeys.find(keys[i].get());
    return it != objectKeys.end() ? it->second : Value::constant(keys[i]);
}

void DictValue::store(PyRef key, const ValuePtr &keyValue, ValuePtr value) {
    if (long i = indexOf(key.get()); i >= 0) {
        values[i] = std::move(value);
        return;
    }
    if (keyValue && !keyValue->isConstant())
        objectKeys.emplace(key.get(), keyValue);
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
}

ValuePtr DictValue::eraseAt(size_t i) {
    ValuePtr v = values[i];
    keys.erase(keys.begin() + static_cast<long>(i));
    values.erase(values.begin() + static_cast<long>(i));
    return v;
}

void DictValue::update(const DictValue &other) {
    for (size_t i = 0; i < other.keys.size(); ++i)
        store(other.keys[i], other.keyValue(i), other.values[i]);
}

PyRef DictValue::asPython() const {
    if (!objectKeys.empty())
        return {}; // keyed by values the trace holds symbolically
    PyRef out = PyRef::steal(PyDict_New());
    for (size_t i = 0; i < values.size(); ++i) {
        PyRef item = values[i]->asPython();
        if (!item)
            return {};
        PyDict_SetItem(out.get(), keys[i].get(), item.get());
    }
    if (!pyType)
        return out;
    PyRef factory = defaultFactory ? defaultFactory->asPython() : PyRef();
    if (defaultFactory && !factory)
        return {};
    PyRef typed = PyRef::steal(
        factory ? PyObject_CallFunctionObjArgs(pyType.get(), factory.get(), out.get(), nullptr)
                : PyObject_CallOneArg(pyType.get(), out.get()));
    if (!typed)
        PyErr_Clear();
    return typed;
}

PyObject *DictValue::pythonType() const {
    return pyType ? pyType.get() : reinterpret_cast<PyObject *>(&PyDict_Type);
}

std::optional<std::vector<ValuePtr>> DictValue::iterationItems() const {
    std::vector<ValuePtr> out;
    for (size_t i = 0; i < keys.size(); ++i)
        out.push_back(keyValue(i));
    return out;
}

std::optional<std::vector<ValuePtr>> DictViewValue::iterationItems() const {
    const DictValue &d = contents();
    std::vector<ValuePtr> out;
    for (size_t i = 0; i < d.keys.size(); ++i) {
        ValuePtr k = d.keyValue(i);
        if (which == "items")
            out.push_back(SequenceValue::make(Kind::Tuple, {k, d.values[i]}));
        else
            out.push_back(which == "keys" ? k : d.values[i]);
    }
    return out;
}

PyRef DictViewValue::asPython() const {
    PyRef d = dict ? dict->asPython() : PyRef();
    if (!d)
        return {};
    PyRef view = PyRef::steal(PyObject_CallMethod(d.get(), which.c_str(), nullptr));
    if (!view)
        PyErr_Clear();
    return view;
}

SetValue::SetValue(PyRef object, SourcePtr source)
    : ContainerValue(Kind::Set, std::move(object), std::move(source)),
      shadow(PyRef::steal(PySet_New(nullptr))) {}

long SetValue::indexOf(PyObject *key) const {
    long i = hashedKeyIndex(keys, key);
    PyErr_Clear();
    return i;
}

PyRef SetValue::asPython() const {
    for (const ValuePtr &v : values)
        if (!v->isConstant())
            return {};
    return PyRef::steal(frozen() ? PyFrozenSet_New(shadow.get()) : PySet_New(shadow.get()));
}

std::string SetValue::describe() const {
    return std::string(frozen() ? "FrozensetVariable" : "SetVariable") + "(length " +
           std::to_string(keys.size()) + ")";
}

PyObject *SetValue::pythonType() const {
    return pyType ? pyType.get() : reinterpret_cast<PyObject *>(&PySet_Type);
}

size_t IteratorValue::containerSize() const {
    const Value &container = *items[0];
    if (const auto *seq = container.tryAs<SequenceValue>())
        return seq->items.size();
    if (const auto *view = container.tryAs<DictViewValue>())
        return view->contents().keys.size();
    return container.as<DictValue>()->keys.size();
}

ValuePtr IteratorValue::containerItem(size_t i) const {
    const Value &container = *items[0];
    if (const auto *seq = container.tryAs<SequenceValue>())
        return seq->items[i];
    if (const auto *view = container.tryAs<DictViewValue>()) {
        const DictValue &d = view->contents();
        ValuePtr key = d.keyValue(i);
        if (view->which == "items")
            return SequenceValue::make(Kind::Tuple, {key, d.values[i]});
        return view->which == "keys" ? key : d.values[i];
    }
    return container.as<DictValue>()->keyValue(i);
}

std::optional<std::vector<ValuePtr>> IteratorValue::rest() const {
    std::vector<ValuePtr> out;
    if (form.empty() || form == "live_set") {
        for (size_t i = static_cast<size_t>(std::max(index, 0)); i < items.size(); ++i)
            out.push_back(items[i]);
    } else if (form == "live") {
        for (size_t i = static_cast<size_t>(std::max(index, 0)); index >= 0 && i < containerSize();
             ++i)
            out.push_back(containerItem(i));
    } else if (form == "live_reversed") {
        for (int i = std::min(index, static_cast<int>(containerSize()) - 1); i >= 0; --i)
            out.push_back(containerItem(static_cast<size_t>(i)));
    } else {
        return std::nullopt;
    }
    return out;
}

} // namespace dynascope
