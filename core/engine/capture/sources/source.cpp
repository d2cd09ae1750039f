// Sources: construction, Dynamo-style spelling and fetching against a region's start state.
#include "sources/source.h"

namespace dynascope {

std::string pyRepr(PyObject *object, size_t limit) {
    if (!object)
        return "<null>";
    PyRef r = PyRef::steal(PyObject_Repr(object));
    if (!r) {
        PyErr_Clear();
        return "<unprintable>";
    }
    const char *s = PyUnicode_AsUTF8(r.get());
    std::string text = s ? s : "";
    if (text.size() > limit)
        text = text.substr(0, limit - 3) + "...";
    return text;
}

Source::Source(Kind kind, SourcePtr base, std::string name, int index, PyRef key)
    : m_kind(kind), m_base(std::move(base)), m_name(std::move(name)), m_index(index),
      m_key(std::move(key)) {
    switch (m_kind) {
    case Kind::Local:
        m_text = "L['" + m_name + "']";
        break;
    case Kind::Stack:
        m_text = "L['___stack" + std::to_string(m_index) + "']";
        break;
    case Kind::Global:
        m_text = "G['" + m_name + "']";
        break;
    case Kind::Builtin:
        m_text = "G['__builtins__']['" + m_name + "']";
        break;
    case Kind::Attr:
        m_text = m_base->text() + "." + m_name;
        break;
    case Kind::Item:
        m_text = m_base->text() + "[" + pyRepr(m_key.get()) + "]";
        break;
    case Kind::CellContents:
        m_text = m_base->kind() == Kind::Local ? "L['" + m_name + "']"
                                               : m_base->text() + ".cell_contents";
        break;
    case Kind::IteratorRemaining:
        m_text = "___iter_remaining(" + m_base->text() + ")";
        break;
    case Kind::DictKey:
        m_text = "list(" + m_base->text() + ".keys())[" + std::to_string(m_index) + "]";
        break;
    }
}

SourcePtr Source::local(int slot, const std::string &name) {
    return SourcePtr(new Source(Kind::Local, nullptr, name, slot, {}));
}
SourcePtr Source::stack(int index) {
    return SourcePtr(new Source(Kind::Stack, nullptr, "", index, {}));
}
SourcePtr Source::global(const std::string &name) {
    return SourcePtr(new Source(Kind::Global, nullptr, name, -1, {}));
}
SourcePtr Source::builtin(const std::string &name) {
    return SourcePtr(new Source(Kind::Builtin, nullptr, name, -1, {}));
}
SourcePtr Source::attr(SourcePtr base, const std::string &name) {
    return SourcePtr(new Source(Kind::Attr, std::move(base), name, -1, {}));
}
SourcePtr Source::item(SourcePtr base, PyRef key) {
    return SourcePtr(new Source(Kind::Item, std::move(base), "", -1, std::move(key)));
}
SourcePtr Source::cellContents(SourcePtr cell, const std::string &name) {
    return SourcePtr(new Source(Kind::CellContents, std::move(cell), name, -1, {}));
}

SourcePtr Source::iteratorRemaining(SourcePtr iterator) {
    return SourcePtr(new Source(Kind::IteratorRemaining, std::move(iterator), "", -1, {}));
}

SourcePtr Source::dictKey(SourcePtr dict, int index) {
    return SourcePtr(new Source(Kind::DictKey, std::move(dict), "", index, {}));
}

PyRef Source::keyAt(PyObject *mapping, int index) {
    if (PyDict_CheckExact(mapping)) { // the table's order is the iteration order
        Py_ssize_t pos = 0;
        PyObject *key, *value;
        for (int i = 0; PyDict_Next(mapping, &pos, &key, &value); ++i)
            if (i == index)
                return PyRef::borrow(key);
    } else if (PyRef it = PyRef::steal(PyObject_GetIter(mapping))) {
        for (int i = 0; PyRef key = PyRef::steal(PyIter_Next(it.get())); ++i)
            if (i == index)
                return key;
    }
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_IndexError, "dict key position out of range");
    return {};
}

PyRef Source::remainingItems(PyObject *iterator) {
    // A set or frozenset: its members in iteration order (what an iterator over it yields).
    if (PyAnySet_Check(iterator))
        return PyRef::steal(PySequence_Tuple(iterator));
    const std::string type = Py_TYPE(iterator)->tp_name;
    if (type != "list_iterator" && type != "tuple_iterator" && type != "range_iterator") {
        PyErr_SetString(PyExc_TypeError, "not a list, tuple or range iterator");
        return {};
    }
    // (iter, (sequence,), index) while items remain; (iter, ((),)) once exhausted.
    PyRef state = PyRef::steal(PyObject_CallMethod(iterator, "__reduce__", nullptr));
    if (!state)
        return {};
    PyObject *args = PyTuple_Size(state.get()) >= 2 ? PyTuple_GetItem(state.get(), 1) : nullptr;
    PyObject *seq = args && PyTuple_Check(args) && PyTuple_Size(args) == 1
                        ? PyTuple_GET_ITEM(args, 0)
                        : nullptr;
    if (!seq) {
        PyErr_SetString(PyExc_TypeError, "unexpected iterator state");
        return {};
    }
    Py_ssize_t index = 0;
    if (PyTuple_Size(state.get()) >= 3)
        index = PyLong_AsSsize_t(PyTuple_GetItem(state.get(), 2));
    if (index < 0)
        return {};
    // A range is expanded: only short ones (the items become guarded values).
    if (PyRange_Check(seq) && PyObject_Length(seq) - index > 1024) {
        PyErr_SetString(PyExc_TypeError, "range iterator too long to expand");
        return {};
    }
    PyRef rest = PyRef::steal(PySequence_GetSlice(seq, index, PY_SSIZE_T_MAX));
    return rest ? PyRef::steal(PySequence_Tuple(rest.get())) : PyRef();
}

PyRef Source::fetch(const SourceEnv &env) const {
    PyRef result;
    switch (m_kind) {
    case Kind::Local:
        if (env.locals && m_index >= 0 && m_index < static_cast<int>(env.locals->size()))
            result = (*env.locals)[m_index];
        break;
    case Kind::Stack:
        if (env.stack && m_index >= 0 && m_index < static_cast<int>(env.stack->size()))
            result = (*env.stack)[m_index];
        break;
    case Kind::Global: {
        PyObject *v = env.globals ? PyDict_GetItemString(env.globals, m_name.c_str()) : nullptr;
        if (!v && env.builtins)
            v = PyDict_GetItemString(env.builtins, m_name.c_str());
        result = PyRef::borrow(v);
        break;
    }
    case Kind::Builtin:
        result = PyRef::borrow(env.builtins ? PyDict_GetItemString(env.builtins, m_name.c_str())
                                            : nullptr);
        break;
    case Kind::Attr: {
        PyRef base = m_base->fetch(env);
        if (base)
            result = PyRef::steal(PyObject_GetAttrString(base.get(), m_name.c_str()));
        break;
    }
    case Kind::Item: {
        PyRef base = m_base->fetch(env);
        if (base)
            result = PyRef::steal(PyObject_GetItem(base.get(), m_key.get()));
        break;
    }
    case Kind::CellContents: {
        PyRef cell = m_base->fetch(env);
        if (cell && PyCell_Check(cell.get()))
            result = PyRef::borrow(PyCell_GET(cell.get()));
        break;
    }
    case Kind::IteratorRemaining: {
        PyRef it = m_base->fetch(env);
        if (it)
            result = remainingItems(it.get());
        break;
    }
    case Kind::DictKey: {
        PyRef d = m_base->fetch(env);
        if (d)
            result = keyAt(d.get(), m_index);
        break;
    }
    }
    if (!result)
        PyErr_Clear();
    return result;
}

} // namespace dynascope
