// Iterators: iter() of every value kind, next() on list iterators and on the lazy forms (zip,
// map, filter, enumerate, chain, islice, count: Dynamo's iterator variables), and draining.
// A lazy form reads its source iterators one item per next(), as CPython does, so an iterator
// shared with the rest of the code is advanced exactly as far as CPython would advance it.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>

namespace dynascope {

namespace {
// list(itertools.count()) never ends in CPython either; the trace stops long before memory does.
constexpr size_t kMaxDrained = 100000;
} // namespace

ValuePtr Tracer::iterate(const ValuePtr &v) {
    using K = Value::Kind;
    if (v->kind == K::Iterator)
        return v;
    // A list or dict the trace holds can change while it is iterated: its iterator reads it at
    // each next(), as CPython's list iterator does (items appended by the loop are reached) and
    // a dict's size is checked (CPython raises when it changed; here that is a break).
    if (v->kind == K::List || v->kind == K::Dict || v->kind == K::DictView) {
        auto it = std::make_shared<IteratorValue>(std::vector<ValuePtr>{v});
        it->form = "live";
        it->counters = {static_cast<long>(it->containerSize())};
        return it;
    }
    if (std::optional<std::vector<ValuePtr>> items = v->iterationItems())
        return std::make_shared<IteratorValue>(std::move(*items));
    auto it = std::make_shared<IteratorValue>();
    switch (v->kind) {
    case K::Tensor: {
        std::vector<std::string> shape = v->as<TensorValue>()->shapeStrings();
        if (shape.empty())
            throw GraphBreak(BreakId::TensorPythonOp, "iteration over a 0-d tensor");
        ValuePtr n = getAttr(v, "shape");
        PyRef size = PyRef::steal(PySequence_GetItem(n->object.get(), 0));
        long count = PyLong_AsLong(size.get());
        for (long i = 0; i < count; ++i)
            it->items.push_back(subscript(v, Value::constant(PyRef::steal(PyLong_FromLong(i)))));
        return it;
    }
    case K::Set:
        // In CPython's order; a set that changes size while iterated raises there: a break.
        it->items = setMembers(v);
        it->form = "live_set";
        it->repeated = v;
        it->counters = {static_cast<long>(v->as<SetValue>()->keys.size())};
        return it;
    case K::NNModule: {
        // ModuleList / Sequential: children by index; ModuleDict: its keys.
        PyObject *mod = v->object.get();
        std::string type = Py_TYPE(mod)->tp_name;
        Py_ssize_t n = PyObject_Length(mod);
        if (n < 0 || (type != "ModuleList" && type != "Sequential" && type != "ModuleDict" &&
                      type != "ParameterList")) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
        }
        // What it holds may change between calls (append, insert, del, a new key): its length
        // is guarded (the children's identities by their own ID_MATCH), a ModuleDict's keys.
        if (v->source)
            addGuard(Guard::sequenceLength(v->source, mod));
        if (type == "ModuleDict") {
            PyObject **dictPtr = _PyObject_GetDictPtr(mod);
            PyObject *children =
                dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, "_modules") : nullptr;
            if (!children || !PyDict_Check(children))
                throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
            if (v->source)
                addGuard(Guard::dictKeys(Source::attr(v->source, "_modules"), children));
            PyRef keys = PyRef::steal(PyObject_CallMethod(mod, "keys", nullptr));
            PyRef list = keys ? PyRef::steal(PySequence_List(keys.get())) : PyRef();
            for (Py_ssize_t i = 0; list && i < PyList_Size(list.get()); ++i)
                it->items.push_back(Value::constant(PyList_GetItem(list.get(), i)));
            PyErr_Clear();
            return it;
        }
        for (Py_ssize_t i = 0; i < n; ++i) {
            PyRef key = PyRef::steal(PyLong_FromSsize_t(i));
            PyRef child = PyRef::steal(PyObject_GetItem(mod, key.get()));
            if (!child) {
                PyErr_Clear();
                throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
            }
            it->items.push_back(
                wrap(child.get(), v->source ? Source::item(v->source, key) : nullptr));
        }
        return it;
    }
    case K::Constant: {
        PyRef iter = PyRef::steal(PyObject_GetIter(v->object.get()));
        if (!iter) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "iteration over " + v->describe());
        }
        while (PyRef item = PyRef::steal(PyIter_Next(iter.get())))
            it->items.push_back(wrapUnguarded(item.get()));
        if (PyErr_Occurred()) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "iteration over " + v->describe());
        }
        return it;
    }
    case K::UserObject:
    case K::NewObject: {
        // A class with a Python __iter__: inlined, and what it returns is iterated.
        if (ValuePtr it = callClassDunder(v, "__iter__")) {
            // An object that is its own iterator (__iter__ returns self, or another user
            // object): its __next__ is not traced here. Iterating it again would call __iter__
            // forever (a stack overflow before this check).
            if (it.get() == v.get() || it->kind == K::UserObject || it->kind == K::NewObject)
                throw GraphBreak(BreakId::UnknownValue,
                                 "iteration over " + it->describe() + " (a user iterator)");
            return iterate(it);
        }
        throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
    }
    default:
        throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
    }
}

// A list/tuple/range iterator from the frame (one a break carried over): its items are read through
// the iterator's state; how far the trace advanced it is replayed on the real iterator after the
// graph (SideEffect::Advance). Null for other objects.
ValuePtr Tracer::wrapIterator(PyObject *o, SourcePtr source) {
    if (PyAnySet_Check(o))
        return nullptr; // remainingItems reads a set's order too, but a set is no iterator
    PyRef rest = Source::remainingItems(o);
    if (!rest) {
        PyErr_Clear();
        return nullptr;
    }
    auto v = std::make_shared<IteratorValue>(std::vector<ValuePtr>{}, PyRef::borrow(o), source);
    addGuard(Guard::typeMatch(source, o));
    SourcePtr restSrc = Source::iteratorRemaining(source);
    addGuard(Guard::sequenceLength(restSrc, rest.get()));
    m_wrapped[o] = v;
    std::string type = Py_TYPE(o)->tp_name;
    if (type == "list_iterator" || type == "list_reverseiterator") {
        // __reduce__ gives (iter, (the list,), index) while the iterator is not exhausted.
        PyRef reduced = PyRef::steal(PyObject_CallMethod(o, "__reduce__", nullptr));
        PyObject *args = reduced && PyTuple_Check(reduced.get()) && PyTuple_Size(reduced.get()) > 1
                             ? PyTuple_GET_ITEM(reduced.get(), 1)
                             : nullptr;
        if (args && PyTuple_Check(args) && PyTuple_Size(args) == 1 &&
            PyList_Check(PyTuple_GET_ITEM(args, 0)))
            v->inputList = PyRef::borrow(PyTuple_GET_ITEM(args, 0));
        PyErr_Clear();
    }
    for (Py_ssize_t i = 0; i < PyTuple_Size(rest.get()); ++i)
        v->items.push_back(wrap(PyTuple_GET_ITEM(rest.get(), i),
                                Source::item(restSrc, PyRef::steal(PyLong_FromSsize_t(i)))));
    return v;
}

// zip(..., strict=True) whose source `exhausted` just ended: CPython's zip_next raises a
// ValueError when that is not the first source, or when a later one still gives an item. Dynamo
// reports it as a UserError; here a user_error break, so CPython runs the step and raises.
void Tracer::checkStrictZipEnd(IteratorValue &zip, size_t exhausted) {
    auto plural = [](size_t i) { return std::string(i == 1 ? " " : "s 1-") + std::to_string(i); };
    if (exhausted > 0)
        throw GraphBreak(BreakId::UserError, "zip() argument " + std::to_string(exhausted + 1) +
                                                 " is shorter than argument" + plural(exhausted));
    for (size_t i = 1; i < zip.items.size(); ++i)
        if (iterNext(zip.items[i]))
            throw GraphBreak(BreakId::UserError, "zip() argument " + std::to_string(i + 1) +
                                                     " is longer than argument" + plural(i));
}

ValuePtr Tracer::iterNext(const ValuePtr &iterator) {
    using K = Value::Kind;
    auto *it = iterator->tryAs<IteratorValue>();
    if (!it)
        throw GraphBreak(BreakId::UnknownValue, "next() of " + iterator->describe());
    const std::string &form = it->form;
    if (form.empty()) {
        if (it->inputList) {
            auto list = m_wrapped.find(it->inputList.get());
            const auto *c = list != m_wrapped.end() ? list->second->tryAs<ContainerValue>() : nullptr;
            if (c && c->mutated)
                throw GraphBreak(BreakId::UnsupportedCall,
                                 "an input list iterator over a list the trace changed");
        }
        if (it->index < static_cast<int>(it->items.size()))
            return it->items[it->index++];
        return nullptr;
    }
    if (form == "live") {
        size_t size = it->containerSize();
        if (it->items[0]->kind != K::List && static_cast<long>(size) != it->counters[0])
            throw GraphBreak(BreakId::PythonException, "dictionary changed size during iteration");
        if (it->index >= 0 && static_cast<size_t>(it->index) < size)
            return it->containerItem(static_cast<size_t>(it->index++));
        it->index = -1; // exhausted for good, as CPython's list iterator drops its list
        return nullptr;
    }
    if (form == "live_set") {
        if (static_cast<long>(it->repeated->as<SetValue>()->keys.size()) != it->counters[0])
            throw GraphBreak(BreakId::PythonException, "Set changed size during iteration");
        if (it->index < static_cast<int>(it->items.size()))
            return it->items[it->index++];
        return nullptr;
    }
    if (form == "live_reversed") {
        if (it->index >= 0 && static_cast<size_t>(it->index) < it->containerSize())
            return it->containerItem(static_cast<size_t>(it->index--));
        it->index = -1;
        return nullptr;
    }
    if (form == "zip" || form == "map") {
        std::vector<ValuePtr> row;
        for (size_t i = 0; i < it->items.size(); ++i) {
            ValuePtr v = iterNext(it->items[i]);
            if (!v) {
                // CPython's zip stops at the first exhausted iterator too; a strict one checks
                // that the others end there as well.
                if (form == "zip" && !it->counters.empty() && it->counters[0] == 1)
                    checkStrictZipEnd(*it, i);
                return nullptr;
            }
            row.push_back(v);
        }
        if (row.empty())
            return nullptr;
        return form == "zip" ? SequenceValue::make(K::Tuple, row) : call(it->function, row, {});
    }
    if (form == "zip_longest") {
        // CPython's zip_longest_next: once every source is exhausted it gives nothing more.
        long active = std::count(it->counters.begin(), it->counters.end(), 1L);
        if (it->items.empty() || active == 0)
            return nullptr;
        std::vector<ValuePtr> row;
        for (size_t i = 0; i < it->items.size(); ++i) {
            ValuePtr v = it->counters[i] ? iterNext(it->items[i]) : it->repeated;
            if (!v) {
                it->counters[i] = 0;
                if (--active == 0) {
                    std::fill(it->counters.begin(), it->counters.end(), 0L);
                    return nullptr;
                }
                v = it->repeated;
            }
            row.push_back(v);
        }
        return SequenceValue::make(K::Tuple, row);
    }
    if (form == "enumerate") {
        ValuePtr v = iterNext(it->items[0]);
        if (!v)
            return nullptr;
        ValuePtr n = Value::constant(PyRef::steal(PyLong_FromLong(it->counters[0]++)));
        return SequenceValue::make(K::Tuple, {n, v});
    }
    if (form == "filter") {
        while (ValuePtr v = iterNext(it->items[0])) {
            bool none = it->function->isNone();
            if (truthOf(none ? v : call(it->function, {v}, {})))
                return v;
        }
        return nullptr;
    }
    if (form == "chain") {
        for (; it->index < static_cast<int>(it->items.size()); ++it->index)
            if (ValuePtr v = iterNext(it->items[it->index]))
                return v;
        return nullptr;
    }
    if (form == "generator")
        return resumeGenerator(*it);
    if (form == "repeat")
        return it->repeated;
    if (form == "count") {
        ValuePtr v = Value::constant(PyRef::steal(PyLong_FromLong(it->counters[0])));
        it->counters[0] += it->counters[1];
        return v;
    }
    if (form == "islice") {
        // CPython's islice_next: skip to `next`, stop at `stop` (-1: none), then step.
        long &count = it->counters[0], &next = it->counters[1];
        long stop = it->counters[2], step = it->counters[3];
        for (; count < next; ++count)
            if (!iterNext(it->items[0]))
                return nullptr;
        if (stop != -1 && count >= stop)
            return nullptr;
        ValuePtr v = iterNext(it->items[0]);
        if (!v)
            return nullptr;
        ++count;
        long before = next;
        next += step;
        if (next < before || (stop != -1 && next > stop))
            next = stop;
        return v;
    }
    throw GraphBreak(BreakId::UnknownValue, "next() of a " + form + " iterator");
}

std::vector<ValuePtr> Tracer::drain(const ValuePtr &iterable) {
    if (const auto *seq = iterable->tryAs<SequenceValue>())
        return seq->items;
    ValuePtr it = iterate(iterable);
    std::vector<ValuePtr> out;
    while (ValuePtr v = iterNext(it)) {
        out.push_back(v);
        if (out.size() > kMaxDrained)
            throw GraphBreak(BreakId::TooManyInstructions,
                             "an iterator of more than " + std::to_string(kMaxDrained) + " items");
    }
    return out;
}

} // namespace dynascope
