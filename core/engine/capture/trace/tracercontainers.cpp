// Methods of the containers the trace holds as values (list, deque, dict and its subclasses) and
// of constants: modelled on Values, folded when every input is a constant, a break otherwise.
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

// The position of `key` in a dict value, or -1.
long findKey(const ValuePtr &d, PyObject *key) {
    for (size_t i = 0; i < d->keys.size(); ++i) {
        int eq = PyObject_RichCompareBool(d->keys[i].get(), key, Py_EQ);
        if (eq < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "dict keys do not compare");
        }
        if (eq == 1)
            return static_cast<long>(i);
    }
    return -1;
}

ValuePtr eraseAt(const ValuePtr &d, long i) {
    ValuePtr v = d->items[i];
    d->keys.erase(d->keys.begin() + i);
    d->items.erase(d->items.begin() + i);
    return v;
}

} // namespace

// collections.deque's methods on a List value of type deque; none of list's other methods.
ValuePtr Tracer::callDequeMethod(const ValuePtr &self, const std::string &name,
                                 std::vector<ValuePtr> &args) {
    std::vector<ValuePtr> &items = self->items;
    if ((name == "append" || name == "appendleft") && args.size() == 1) {
        items.insert(name == "append" ? items.end() : items.begin(), args[0]);
        return none();
    }
    if ((name == "extend" || name == "extendleft") && args.size() == 1) {
        std::vector<ValuePtr> more = drain(args[0]);
        if (name == "extend")
            items.insert(items.end(), more.begin(), more.end());
        else // extendleft adds one at a time to the left: reversed order
            items.insert(items.begin(), more.rbegin(), more.rend());
        return none();
    }
    if ((name == "pop" || name == "popleft") && args.empty()) {
        if (items.empty())
            throw GraphBreak(BreakId::PythonException, name + " from an empty deque");
        ValuePtr v = name == "pop" ? items.back() : items.front();
        items.erase(name == "pop" ? items.end() - 1 : items.begin());
        return v;
    }
    if (name == "insert" && args.size() == 2) {
        long i = PyLong_AsLong(constantOf(args[0], "insert index").get());
        long n = static_cast<long>(items.size());
        i = i < 0 ? std::max(0L, i + n) : std::min(i, n);
        items.insert(items.begin() + i, args[1]);
        return none();
    }
    if (name == "clear" && args.empty()) {
        items.clear();
        return none();
    }
    if (name == "copy" && args.empty()) {
        ValuePtr copy = Value::sequence(K::List, items);
        copy->pyType = self->pyType;
        return copy;
    }
    if (name == "reverse" && args.empty()) {
        std::reverse(items.begin(), items.end());
        return none();
    }
    if (name == "rotate" && args.size() <= 1) {
        long n = static_cast<long>(items.size());
        long k = args.empty() ? 1 : PyLong_AsLong(constantOf(args[0], "rotate count").get());
        if (n > 0)
            std::rotate(items.begin(), items.begin() + ((n - k % n) % n), items.end());
        return none();
    }
    throw GraphBreak(BreakId::UnsupportedCall, "deque." + name + "()");
}

ValuePtr Tracer::callDictMethod(const ValuePtr &self, const std::string &name,
                                std::vector<ValuePtr> &args,
                                std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    auto mutated = [&] {
        if (self->source)
            self->mutated = true;
    };
    if ((name == "items" || name == "keys" || name == "values") && args.empty())
        return Value::method(K::DictView, self, name);
    if (!kwargs.empty() && name != "update")
        return nullptr;
    if ((name == "get" || name == "pop") && !args.empty() && args.size() <= 2) {
        long i = findKey(self, constantOf(args[0], "dict key").get());
        if (i >= 0) {
            if (name == "get")
                return self->items[i];
            mutated();
            return eraseAt(self, i);
        }
        if (args.size() > 1)
            return args[1];
        if (name == "get")
            return none();
        throw GraphBreak(BreakId::PythonException, "KeyError in dict.pop()");
    }
    if (name == "setdefault" && !args.empty() && args.size() <= 2) {
        PyRef k = constantOf(args[0], "dict key");
        long i = findKey(self, k.get());
        if (i >= 0)
            return self->items[i];
        self->keys.push_back(k);
        self->items.push_back(args.size() > 1 ? args[1] : none());
        mutated();
        return self->items.back();
    }
    if (name == "update" && args.size() <= 1) {
        builtins::fillDict(*this, self, args.empty() ? nullptr : &args[0], kwargs);
        mutated();
        return none();
    }
    if (name == "copy" && args.empty()) {
        auto copy = Value::ofKind(K::Dict);
        copy->keys = self->keys;
        copy->items = self->items;
        copy->pyType = self->pyType;
        copy->self = self->self;
        return copy;
    }
    if (name == "clear" && args.empty()) {
        self->keys.clear();
        self->items.clear();
        mutated();
        return none();
    }
    if (name == "popitem" && args.empty()) {
        if (self->keys.empty())
            throw GraphBreak(BreakId::PythonException, "popitem(): dictionary is empty");
        long last = static_cast<long>(self->keys.size()) - 1;
        ValuePtr key = Value::constant(self->keys[last]);
        mutated();
        return Value::sequence(K::Tuple, {key, eraseAt(self, last)});
    }
    return nullptr;
}

ValuePtr Tracer::callObjectMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                                  std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    const ValuePtr &self = m->self;
    const std::string &name = m->name;
    auto mutated = [&] {
        if (self->source)
            self->mutated = true;
    };
    if (self->kind == K::List && self->pyType) {
        if (!kwargs.empty())
            throw GraphBreak(BreakId::UnsupportedCall, "deque." + name + "() with keywords");
        return callDequeMethod(self, name, args);
    }
    if (self->kind == K::List) {
        if (name == "append" && args.size() == 1) {
            self->items.push_back(args[0]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "extend" && args.size() == 1) {
            std::vector<ValuePtr> items = drain(args[0]);
            self->items.insert(self->items.end(), items.begin(), items.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "pop" && args.size() <= 1 && !self->items.empty()) {
            long i = args.empty() ? -1 : PyLong_AsLong(constantOf(args[0], "pop index").get());
            long n = static_cast<long>(self->items.size());
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                throw GraphBreak(BreakId::PythonException, "pop index out of range");
            ValuePtr v = self->items[i];
            self->items.erase(self->items.begin() + i);
            mutated();
            return v;
        }
        if (name == "insert" && args.size() == 2) {
            long i = PyLong_AsLong(constantOf(args[0], "insert index").get());
            long n = static_cast<long>(self->items.size());
            i = i < 0 ? std::max(0L, i + n) : std::min(i, n);
            self->items.insert(self->items.begin() + i, args[1]);
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "copy" && args.empty())
            return Value::sequence(K::List, self->items);
        if (name == "reverse" && args.empty()) {
            std::reverse(self->items.begin(), self->items.end());
            mutated();
            return Value::constant(Py_None);
        }
        if (name == "clear" && args.empty()) {
            self->items.clear();
            mutated();
            return Value::constant(Py_None);
        }
    }
    if (self->kind == K::Dict)
        if (ValuePtr v = callDictMethod(self, name, args, kwargs))
            return v;
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
