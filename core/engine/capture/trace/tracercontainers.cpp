// Methods of the containers the trace holds as values (list, deque, dict and its subclasses; sets
// are in tracersets.cpp) and of constants: modelled on Values, folded when every input is a
// constant, a break otherwise.
#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

ValuePtr none() {
    return Value::constant(Py_None);
}

} // namespace

// `a == b` as a container's search compares: the same object first, then ==. Known for the same
// value, one tensor however it was reached, and constants; a tensor compared with another value
// is data (a break), and so is == of values the trace holds only symbolically.
bool Tracer::sameOrEqual(const ValuePtr &a, const ValuePtr &b) {
    if (a == b)
        return true;
    if (a->kind == K::Tensor && b->kind == K::Tensor && sameTensor(a, b))
        return true;
    if (a->kind == K::Tensor || b->kind == K::Tensor)
        throw GraphBreak(BreakId::TensorPythonOp, "== between a tensor and another value");
    if (a->object && a->object.get() == b->object.get() && !a->isSequence() &&
        a->kind != K::Dict && a->kind != K::Set)
        return true; // one object (a module, a function, a user object)
    if (ValuePtr eq = userCompare(Py_EQ, a, b))
        return truthOf(eq); // a class's own __eq__, inlined and its lookup guarded
    PyRef x = a->asPython(), y = b->asPython();
    if (!x || !y)
        throw GraphBreak(BreakId::UnknownValue, "== of " + a->describe() + " and " + b->describe());
    int r = PyObject_RichCompareBool(x.get(), y.get(), Py_EQ);
    if (r < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "== raises");
    }
    return r == 1;
}

// collections.deque's methods on a List value of type deque; none of list's other methods. A
// deque argument changed here is written back in place after the graph (`mutated`).
ValuePtr Tracer::callDequeMethod(const ValuePtr &self, const std::string &name,
                                 std::vector<ValuePtr> &args) {
    auto *deque = self->as<SequenceValue>();
    std::vector<ValuePtr> &items = deque->items;
    auto changed = [&] {
        if (self->source)
            deque->mutated = true;
        return none();
    };
    if ((name == "append" || name == "appendleft") && args.size() == 1) {
        items.insert(name == "append" ? items.end() : items.begin(), args[0]);
        return changed();
    }
    if ((name == "extend" || name == "extendleft") && args.size() == 1) {
        std::vector<ValuePtr> more = drain(args[0]);
        if (name == "extend")
            items.insert(items.end(), more.begin(), more.end());
        else // extendleft adds one at a time to the left: reversed order
            items.insert(items.begin(), more.rbegin(), more.rend());
        return changed();
    }
    if ((name == "pop" || name == "popleft") && args.empty()) {
        if (items.empty())
            throw GraphBreak(BreakId::PythonException, name + " from an empty deque");
        ValuePtr v = name == "pop" ? items.back() : items.front();
        items.erase(name == "pop" ? items.end() - 1 : items.begin());
        changed();
        return v;
    }
    if (name == "insert" && args.size() == 2) {
        long i = PyLong_AsLong(constantOf(args[0], "insert index").get());
        long n = static_cast<long>(items.size());
        i = i < 0 ? std::max(0L, i + n) : std::min(i, n);
        items.insert(items.begin() + i, args[1]);
        return changed();
    }
    if (name == "clear" && args.empty()) {
        items.clear();
        return changed();
    }
    if (name == "copy" && args.empty()) {
        auto copy = SequenceValue::make(K::List, items);
        copy->pyType = deque->pyType;
        return copy;
    }
    if (name == "reverse" && args.empty()) {
        std::reverse(items.begin(), items.end());
        return changed();
    }
    if (name == "rotate" && args.size() <= 1) {
        long n = static_cast<long>(items.size());
        long k = args.empty() ? 1 : PyLong_AsLong(constantOf(args[0], "rotate count").get());
        if (n > 0)
            std::rotate(items.begin(), items.begin() + ((n - k % n) % n), items.end());
        return changed();
    }
    if ((name == "index" || name == "count" || name == "remove") && !args.empty() &&
        args.size() <= (name == "index" ? 3u : 1u)) {
        long n = static_cast<long>(items.size());
        long start = args.size() > 1 ? PyLong_AsLong(constantOf(args[1], "index start").get()) : 0;
        long stop = args.size() > 2 ? PyLong_AsLong(constantOf(args[2], "index stop").get()) : n;
        start = start < 0 ? std::max(0L, start + n) : std::min(start, n);
        stop = stop < 0 ? std::max(0L, stop + n) : std::min(stop, n);
        long count = 0;
        for (long i = start; i < stop; ++i) {
            if (!sameOrEqual(items[i], args[0]))
                continue;
            if (name == "count") {
                ++count;
                continue;
            }
            if (name == "remove") {
                items.erase(items.begin() + i);
                return changed();
            }
            return Value::constant(PyRef::steal(PyLong_FromLong(i)));
        }
        if (name == "count")
            return Value::constant(PyRef::steal(PyLong_FromLong(count)));
        throw GraphBreak(BreakId::PythonException, "deque." + name + "(x): x not in deque");
    }
    throw GraphBreak(BreakId::UnsupportedCall, "deque." + name + "()");
}

ValuePtr Tracer::callDictMethod(const ValuePtr &self, const std::string &name,
                                std::vector<ValuePtr> &args,
                                std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    DictValue &dict = *self->as<DictValue>();
    auto mutated = [&] {
        if (self->source)
            dict.mutated = true;
    };
    if ((name == "items" || name == "keys" || name == "values") && args.empty())
        return std::make_shared<DictViewValue>(self, name);
    if (!kwargs.empty() && name != "update")
        return nullptr;
    if ((name == "get" || name == "pop") && !args.empty() && args.size() <= 2) {
        long i = dict.indexOf(dictKey(args[0]).get());
        if (i >= 0) {
            if (name == "get")
                return dict.values[i];
            mutated();
            return dict.eraseAt(i);
        }
        if (args.size() > 1)
            return args[1];
        if (name == "get")
            return none();
        raisePython(PyExc_KeyError, {args[0]}); // the dict's keys are guarded when it is an input
    }
    if (name == "setdefault" && !args.empty() && args.size() <= 2) {
        PyRef k = dictKey(args[0]);
        long i = dict.indexOf(k.get());
        if (i >= 0)
            return dict.values[i];
        dict.store(k, args[0], args.size() > 1 ? args[1] : none());
        mutated();
        return dict.values.back();
    }
    if (name == "update" && args.size() <= 1) {
        builtins::fillDict(*this, self, args.empty() ? nullptr : &args[0], kwargs);
        mutated();
        return none();
    }
    if (name == "copy" && args.empty()) {
        auto copy = std::make_shared<DictValue>();
        copy->update(dict);
        copy->pyType = dict.pyType;
        copy->defaultFactory = dict.defaultFactory;
        return copy;
    }
    if (name == "clear" && args.empty()) {
        dict.keys.clear();
        dict.values.clear();
        mutated();
        return none();
    }
    if (name == "popitem" && args.empty()) {
        if (dict.keys.empty())
            throw GraphBreak(BreakId::PythonException, "popitem(): dictionary is empty");
        long last = static_cast<long>(dict.keys.size()) - 1;
        ValuePtr key = dict.keyValue(last);
        mutated();
        ValuePtr value = dict.eraseAt(last);
        return SequenceValue::make(K::Tuple, {key, value});
    }
    return nullptr;
}

ValuePtr Tracer::callObjectMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                                  std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    const ValuePtr &self = m->as<MethodValue>()->self;
    const std::string &name = m->as<MethodValue>()->name;
    if (self->kind == K::Set)
        return callSetMethod(self, name, args, kwargs);
    if (self->isConstant() && PyAnySet_Check(self->object.get())) {
        // A set the trace holds as a constant (a frozenset, a folded result): its reading
        // methods run on a set value with its members (the constant itself is never changed).
        static const std::set<std::string> reading = {
            "union",    "intersection", "difference", "symmetric_difference",
            "issubset", "issuperset",   "isdisjoint", "copy"};
        if (reading.count(name)) {
            bool frozen = PyFrozenSet_CheckExact(self->object.get());
            if (frozen && name == "copy")
                return self;
            // frozenset(f) is f itself, so the operations run on the constant's own table.
            ValuePtr copy = makeSet(self, frozen);
            copy->as<SetValue>()->exactOrder = frozen;
            return callSetMethod(copy, name, args, kwargs);
        }
    }
    auto *list = self->kind == K::List ? self->as<SequenceValue>() : nullptr;
    auto mutated = [&] {
        if (self->source)
            list->mutated = true;
    };
    if (list && list->pyType) {
        if (!kwargs.empty())
            throw GraphBreak(BreakId::UnsupportedCall, "deque." + name + "() with keywords");
        return callDequeMethod(self, name, args);
    }
    if (list) {
        std::vector<ValuePtr> &items = list->items;
        if (name == "append" && args.size() == 1) {
            items.push_back(args[0]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "extend" && args.size() == 1) {
            std::vector<ValuePtr> more = drain(args[0]);
            items.insert(items.end(), more.begin(), more.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "pop" && args.size() <= 1 && !items.empty()) {
            long i = args.empty() ? -1 : PyLong_AsLong(constantOf(args[0], "pop index").get());
            long n = static_cast<long>(items.size());
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                throw GraphBreak(BreakId::PythonException, "pop index out of range");
            ValuePtr v = items[i];
            items.erase(items.begin() + i);
            mutated();
            return v;
        }
        if (name == "insert" && args.size() == 2) {
            long i = PyLong_AsLong(constantOf(args[0], "insert index").get());
            long n = static_cast<long>(items.size());
            i = i < 0 ? std::max(0L, i + n) : std::min(i, n);
            items.insert(items.begin() + i, args[1]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "copy" && args.empty())
            return SequenceValue::make(K::List, items);
        if (name == "reverse" && args.empty()) {
            std::reverse(items.begin(), items.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "clear" && args.empty()) {
            items.clear();
            mutated();
            return Value::constant(Py_None);
        }
    }
    if (self->kind == K::Dict)
        if (ValuePtr v = callDictMethod(self, name, args, kwargs))
            return v;
    if (self->isConstant() && name == "fromkeys" && PyType_Check(self->object.get()))
        if (ValuePtr v = builtins::dictFromKeys(*this, self, args, kwargs))
            return v;
    if ((self->kind == K::Constant || self->isSequence()) && name == "__iter__" && args.empty() &&
        kwargs.empty())
        return iterate(self); // "ab".__iter__(), range(3).__iter__(): an iterator value
    if (self->kind == K::Constant || self->kind == K::Tuple) {
        PyRef obj = constantOf(self, "method receiver");
        PyRef bound = PyRef::steal(PyObject_GetAttrString(obj.get(), name.c_str()));
        if (bound && allConstant(args, kwargs)) {
            std::string tn = Py_TYPE(obj.get())->tp_name;
            static const std::set<std::string> pureTypes = {
                "str",        "bytes",       "int",          "float",    "tuple", "bool", "complex",
                "torch.Size", "torch.dtype", "torch.device", "NoneType", "range", "slice"};
            if (pureTypes.count(tn))
                return wrapUnguarded(builtins::foldCall(*this, bound.get(), args, kwargs).get());
        }
        PyErr_Clear();
    }
    throw GraphBreak(BreakId::UnsupportedCall, self->describe() + "." + name + "()");
}

} // namespace dynascope
