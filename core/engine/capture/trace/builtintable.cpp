// The builtin table, and the handlers of builtins on any value (len of a list, isinstance of a
// tensor, getattr, callable…), modelled on Values so they trace without running; a handler
// returns null to leave a call shape to the generic path.
#include "trace/builtintable.h"

#include "builtinhandlers.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/captureconfig.h"
#include "trace/tracer.h"

#include <algorithm>
#include <cstdint>

namespace dynascope {

namespace {

using K = Value::Kind;
using namespace builtins;

} // namespace

namespace {

std::string nameOf(const ValuePtr &fn) {
    return py::nameOf(fn->object.get());
}

// print, input, open, breakpoint: effects the graph cannot hold.
ValuePtr callWithEffects(Tracer &, const ValuePtr &fn, TraceArgs &, TraceKwargs &) {
    throw GraphBreak(BreakId::UnsupportedBuiltin, nameOf(fn));
}

ValuePtr callLen(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    const ValuePtr &a = args[0];
    if (const auto *seq = a->tryAs<SequenceValue>())
        return Value::constant(PyRef::steal(PyLong_FromSize_t(seq->items.size())));
    if (const auto *dict = a->tryAs<DictValue>())
        return Value::constant(PyRef::steal(PyLong_FromSize_t(dict->values.size())));
    if (const auto *set = a->tryAs<SetValue>())
        return Value::constant(PyRef::steal(PyLong_FromSize_t(set->keys.size())));
    if (const auto *view = a->tryAs<DictViewValue>())
        return Value::constant(PyRef::steal(PyLong_FromSize_t(view->contents().values.size())));
    if (a->kind == K::Tensor) {
        ValuePtr shape = t.getAttr(a, "shape");
        if (PyTuple_Size(shape->object.get()) == 0)
            throw GraphBreak(BreakId::PythonException, "len() of a 0-d tensor");
        return t.wrapUnguarded(PyTuple_GET_ITEM(shape->object.get(), 0));
    }
    if (a->kind == K::NNModule) {
        // A ModuleList grows between calls: the length read is guarded.
        Py_ssize_t n = PyObject_Length(a->object.get());
        if (n < 0) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "len() of " + a->describe());
        }
        if (a->source)
            t.addGuard(Guard::sequenceLength(a->source, a->object.get()));
        return Value::constant(PyRef::steal(PyLong_FromSsize_t(n)));
    }
    return t.userLength(a); // a class with a Python __len__; null for the rest
}

// isinstance(t, torch.FloatTensor): a legacy tensor type (its metaclass torch.tensortype)
// matches by dtype and device, not by class: asked of an empty tensor of the value's dtype and
// device. Null when `cls` holds no legacy type; a break when a tuple mixes them with others.
ValuePtr legacyTensorTypeCheck(const ValuePtr &tensor, PyObject *cls) {
    auto legacy = [](PyObject *c) {
        return std::string(Py_TYPE(c)->tp_name) == "torch.tensortype";
    };
    if (PyTuple_Check(cls)) {
        for (Py_ssize_t i = 0; i < PyTuple_Size(cls); ++i)
            if (legacy(PyTuple_GET_ITEM(cls, i)))
                throw GraphBreak(BreakId::UnknownValue, "isinstance of a tensor against a tuple "
                                                        "holding a legacy tensor type");
        return nullptr;
    }
    if (!legacy(cls))
        return nullptr;
    const auto *tv = tensor->as<TensorValue>();
    PyRef dtype = PyRef::steal(PyObject_GetAttrString(tv->meta.get(), "dtype"));
    PyRef empty = PyRef::steal(PyObject_GetAttrString(py::torch(), "empty"));
    PyRef shape = PyRef::steal(Py_BuildValue("(i)", 0));
    PyRef kw = PyRef::steal(PyDict_New());
    if (dtype)
        PyDict_SetItemString(kw.get(), "dtype", dtype.get());
    if (tv->device)
        PyDict_SetItemString(kw.get(), "device", tv->device.get());
    PyRef probe = dtype && empty ? PyRef::steal(PyObject_Call(empty.get(), shape.get(), kw.get()))
                                 : PyRef();
    int r = probe ? PyObject_IsInstance(probe.get(), cls) : -1;
    if (r < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnknownValue, "isinstance of a tensor against a legacy type");
    }
    return Value::constant(PyBool_FromLong(r));
}

ValuePtr callIsinstance(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 2 || !kwargs.empty())
        return nullptr;
    PyObject *type = args[0]->pythonType();
    PyRef cls = t.constantOf(args[1], "isinstance class");
    if (!type && args[0]->kind == K::Iterator && !args[0]->object) {
        // An iterator made in the trace (iter(), zip, map…): its exact type is not modelled,
        // but it is no instance of a container, number, string or tensor class.
        static const PyObject *const notIterators[] = {
            reinterpret_cast<PyObject *>(&PyList_Type),
            reinterpret_cast<PyObject *>(&PyTuple_Type),
            reinterpret_cast<PyObject *>(&PyDict_Type),
            reinterpret_cast<PyObject *>(&PySet_Type),
            reinterpret_cast<PyObject *>(&PyFrozenSet_Type),
            reinterpret_cast<PyObject *>(&PyUnicode_Type),
            reinterpret_cast<PyObject *>(&PyBytes_Type),
            reinterpret_cast<PyObject *>(&PyLong_Type),
            reinterpret_cast<PyObject *>(&PyFloat_Type),
            reinterpret_cast<PyObject *>(&PyBool_Type),
            reinterpret_cast<PyObject *>(&PyComplex_Type)};
        std::vector<PyObject *> classes;
        if (PyTuple_Check(cls.get()))
            for (Py_ssize_t i = 0; i < PyTuple_Size(cls.get()); ++i)
                classes.push_back(PyTuple_GET_ITEM(cls.get(), i));
        else
            classes.push_back(cls.get());
        for (PyObject *c : classes) {
            bool known = c == py::tensorType();
            for (const PyObject *n : notIterators)
                known = known || c == n;
            if (!known)
                throw GraphBreak(BreakId::UnknownValue, "isinstance of " + args[0]->describe());
        }
        return Value::constant(Py_False);
    }
    if (!type)
        throw GraphBreak(BreakId::UnknownValue, "isinstance of " + args[0]->describe());
    if (args[0]->kind == K::Tensor && !args[0]->as<TensorValue>()->scalarType)
        if (ValuePtr legacy = legacyTensorTypeCheck(args[0], cls.get()))
            return legacy;
    int r = args[0]->object && args[0]->kind != K::Tensor
                ? PyObject_IsInstance(args[0]->object.get(), cls.get())
                : PyObject_IsSubclass(type, cls.get());
    if (r < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "isinstance raises");
    }
    return Value::constant(PyBool_FromLong(r));
}

ValuePtr callType(Tracer &, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    PyObject *type = args[0]->pythonType();
    if (!type)
        return nullptr;
    ValuePtr cls = Value::constant(type);
    // The class of an input read through it (`type(o).scale`): its type is guarded already
    // (TYPE_MATCH, ID_MATCH), the attributes read from it are guarded through this source.
    const ValuePtr &o = args[0];
    if (o->source && o->object && (o->kind == K::UserObject || o->kind == K::NNModule))
        cls->source = Source::attr(o->source, "__class__");
    return cls;
}

// getattr(obj, name[, default]) and hasattr(obj, name).
ValuePtr callGetattr(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if ((args.size() != 2 && args.size() != 3) || !kwargs.empty())
        return nullptr;
    bool has = nameOf(fn) == "hasattr";
    PyRef attrName = t.constantOf(args[1], "attribute name");
    if (!PyUnicode_Check(attrName.get()))
        throw GraphBreak(BreakId::PythonException, "attribute name must be a string");
    const std::string attr = PyUnicode_AsUTF8(attrName.get());
    // Whether the attribute exists is part of what the trace assumed (Dynamo's HASATTR).
    // A class or module may gain the attribute later too (`type(o).n = getattr(type(o), "n", 0)
    // + 1`): its absence is guarded as an object's is.
    const ValuePtr &owner = args[0];
    bool guardable = owner->source &&
                     (owner->kind == K::UserObject || owner->kind == K::NNModule ||
                      owner->kind == K::PyModule || owner->kind == K::UserFunction ||
                      (owner->isConstant() && owner->object && PyType_Check(owner->object.get())));
    if (has && args[0]->kind == K::Tensor && args[0]->source) {
        // hasattr(x, "name") of an input tensor: a Tensor attribute is there; otherwise the
        // tensor object itself is asked (a Python attribute set on it), and the answer guarded.
        PyRef tensorType = PyRef::borrow(reinterpret_cast<PyObject *>(py::tensorType()));
        if (PyObject_HasAttrString(tensorType.get(), attr.c_str()) || t.setsAttr(args[0], attr))
            return Value::constant(Py_True);
        PyRef x = t.fetchAtStart(args[0]->source);
        if (!x)
            return nullptr;
        bool present = PyObject_HasAttrString(x.get(), attr.c_str()) == 1;
        PyErr_Clear();
        t.addGuard(Guard::hasAttr(args[0]->source, attr, present));
        return Value::constant(present ? Py_True : Py_False);
    }
    try {
        ValuePtr v = t.getAttr(args[0], attr);
        if (!has)
            return v;
        if (guardable)
            t.addGuard(Guard::hasAttr(args[0]->source, attr, true));
        return Value::constant(Py_True);
    } catch (const GraphBreak &b) {
        // Only an AttributeError means "no such attribute"; another exception the traced code
        // raised goes on (a property that raises RuntimeError fails hasattr in CPython too).
        if (b.id() != BreakId::PythonException)
            throw;
        if (auto *raised = dynamic_cast<const RaisedException *>(&b);
            raised && !raised->isInstance(PyExc_AttributeError))
            throw;
        if (guardable)
            t.addGuard(Guard::hasAttr(args[0]->source, attr, false));
        if (has)
            return Value::constant(Py_False);
        if (args.size() == 3)
            return args[2];
        throw;
    }
}

ValuePtr callAbs(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty() || args[0]->kind != K::Tensor)
        return nullptr;
    PyRef torchAbs = PyRef::steal(PyObject_GetAttrString(py::torch(), "abs"));
    return t.callGraph("call_function", "torch.abs", torchAbs, torchAbs.get(), args, {});
}

// float(), int(), bool() of a tensor need its data: a break, or with capture_scalar_outputs a
// graph node calling the builtin on it (a tensor of more than one element raises there as in
// eager).
ValuePtr callNumber(Tracer &t, const ValuePtr &fn, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty() || args[0]->kind != K::Tensor)
        return nullptr;
    std::string name = nameOf(fn);
    if (!CaptureConfig::instance().captureScalarOutputs)
        throw GraphBreak(BreakId::TensorItem, name + "() of a tensor");
    const char *dtypeName = name == "bool" ? "bool" : name == "int" ? "int64" : "float64";
    PyRef dtype = PyRef::steal(PyObject_GetAttrString(py::torch(), dtypeName));
    return t.scalarNode("call_function", "builtins." + name, fn->object, args[0], dtype.get());
}

// super(cls, obj), and super() as CPython's compiler arranges it: the enclosing function's
// __class__ cell and its first argument.
ValuePtr callSuper(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (!kwargs.empty() || args.size() == 1 || args.size() > 2)
        return nullptr;
    ValuePtr cls, self;
    if (args.size() == 2) {
        cls = args[0];
        self = args[1];
    } else {
        Tracer::Frame &f = t.frame();
        auto *code = reinterpret_cast<PyCodeObject *>(f.view->code());
        const std::vector<std::string> &names = f.view->slotNames();
        auto slot = [&](int i) { return f.root ? t.rootLocal(i) : f.locals[i]; };
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == "__class__")
                if (ValuePtr c = slot(static_cast<int>(i)))
                    cls = c->kind == K::Cell ? t.loadCell(c) : c;
        ValuePtr first = code->co_argcount > 0 ? slot(0) : nullptr;
        if (!cls || !first)
            throw GraphBreak(BreakId::PythonException, "super(): no arguments");
        self = first->kind == K::Cell ? t.loadCell(first) : first;
    }
    PyRef type = t.constantOf(cls, "super() class");
    if (!PyType_Check(type.get()))
        throw GraphBreak(BreakId::PythonException, "super() argument 1 must be a type");
    return std::make_shared<SuperValue>(type, self);
}

// id(x) of an object the trace holds concretely and can guard by identity (a class, a module,
// an nn.Module, a user object, a function): a constant, the object's identity guarded (Dynamo's
// ID_MATCH). Tensors and values made in the trace have no stable id here: null (a break).
ValuePtr callId(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    const ValuePtr &a = args[0];
    if (a->kind == K::Tensor && a->source) {
        // An input tensor's id (Dynamo guards its identity): the object the call passed, not
        // the trace's meta copy of it. A tensor made in the graph has no id to give yet.
        PyRef tensor = t.fetchAtStart(a->source);
        if (!tensor) {
            PyErr_Clear();
            return nullptr;
        }
        t.addGuard(Guard::idMatch(a->source, tensor.get()));
        return Value::constant(PyRef::steal(PyLong_FromVoidPtr(tensor.get())));
    }
    bool guardable =
        a->source && a->object &&
        (a->kind == K::UserObject || a->kind == K::NNModule || a->kind == K::UserFunction ||
         a->kind == K::TorchFunction || a->kind == K::Builtin || a->kind == K::PyModule ||
         (a->isConstant() && PyType_Check(a->object.get())));
    if (!guardable)
        return nullptr;
    t.addGuard(Guard::idMatch(a->source, a->object.get()));
    return Value::constant(PyRef::steal(PyLong_FromVoidPtr(a->object.get())));
}

// repr(x): a constant's repr now; a user class's Python __repr__ inlined.
ValuePtr callRepr(Tracer &t, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    const ValuePtr &a = args[0];
    if (a->isConstant()) {
        PyRef r = PyRef::steal(PyObject_Repr(a->object.get()));
        if (!r) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "repr() raises");
        }
        return Value::constant(r);
    }
    ValuePtr r = t.callClassDunder(a, "__repr__");
    if (!r)
        return nullptr;
    if (!r->isConstant() || !PyUnicode_Check(r->object.get()))
        throw GraphBreak(BreakId::PythonException, "__repr__ returned non-string");
    return r;
}

// callable(x): what CPython answers, from the value's kind.
ValuePtr callCallable(Tracer &, const ValuePtr &, TraceArgs &args, TraceKwargs &kwargs) {
    if (args.size() != 1 || !kwargs.empty())
        return nullptr;
    int r = args[0]->isCallable();
    return r < 0 ? nullptr : Value::constant(r ? Py_True : Py_False);
}

} // namespace

bool allConstant(const TraceArgs &args, const TraceKwargs &kwargs) {
    for (const ValuePtr &a : args)
        if (!a->asPython())
            return false;
    for (const auto &k : kwargs)
        if (!k.second->asPython())
            return false;
    return true;
}

BuiltinTable::BuiltinTable()
    : m_handlers{{"print", callWithEffects},
                 {"input", callWithEffects},
                 {"open", callWithEffects},
                 {"breakpoint", callWithEffects},
                 {"len", callLen},
                 {"isinstance", callIsinstance},
                 {"type", callType},
                 {"getattr", callGetattr},
                 {"hasattr", callGetattr},
                 {"callable", callCallable},
                 {"id", callId},
                 {"repr", callRepr},
                 {"super", callSuper},
                 {"abs", callAbs},
                 {"float", callNumber},
                 {"int", callNumber},
                 {"bool", callNumber},
                 {"enumerate", callEnumerate},
                 {"zip", callZip},
                 {"map", callMap},
                 {"filter", callFilter},
                 {"reversed", callReversed},
                 {"sorted", callSorted},
                 {"list", callSequence},
                 {"tuple", callSequence},
                 {"iter", callIter},
                 {"next", callNext},
                 {"sum", callSum},
                 {"min", callMinMax},
                 {"max", callMinMax},
                 {"any", callAnyAll},
                 {"all", callAnyAll},
                 {"functools.reduce", callReduce},
                 {"functools.partial", callPartial},
                 {"itertools.chain", callChain},
                 {"itertools.islice", callIslice},
                 {"itertools.zip_longest", callZipLongest},
                 {"itertools.count", callCount},
                 {"itertools.repeat", callRepeat},
                 {"itertools.product", callCombinatoric},
                 {"itertools.combinations", callCombinatoric},
                 {"itertools.combinations_with_replacement", callCombinatoric},
                 {"itertools.permutations", callCombinatoric},
                 {"dict", callDict},
                 {"collections.OrderedDict", callDict},
                 {"collections.defaultdict", callDefaultDict},
                 {"collections.deque", callDeque},
                 {"set", callSet},
                 {"frozenset", callSet},
                 {"collections.namedtuple", callNamedTupleFactory},
                 {"warnings.catch_warnings", callCatchWarnings}} {}

const BuiltinTable &BuiltinTable::instance() {
    static const BuiltinTable table;
    return table;
}

PyObject *BuiltinTable::resolve(const std::string &name) {
    auto dot = name.find('.');
    if (dot == std::string::npos)
        return py::builtin(name.c_str());
    // Only modules the program imported: the table never imports one itself.
    PyObject *mod =
        PyImport_GetModule(PyRef::steal(PyUnicode_FromString(name.substr(0, dot).c_str())).get());
    PyRef obj = PyRef::steal(mod);
    for (size_t start = dot + 1; obj && start <= name.size();) {
        size_t end = name.find('.', start);
        std::string part = name.substr(start, end == std::string::npos ? end : end - start);
        obj = PyRef::steal(PyObject_GetAttrString(obj.get(), part.c_str()));
        start = end == std::string::npos ? name.size() + 1 : end + 1;
    }
    PyErr_Clear();
    // Module attributes live as long as their module (for the program's whole run).
    return obj.get();
}

BuiltinHandler BuiltinTable::find(PyObject *fn) const {
    if (!fn)
        return nullptr;
    std::string mod = py::moduleOf(fn);
    // The C modules behind the public ones (reduce is _functools.reduce, deque _collections').
    if (mod == "_functools" || mod == "_collections")
        mod = mod.substr(1);
    std::string name = py::qualnameOf(fn);
    PyErr_Clear();
    // A builtin by its name (builtins.open's __module__ is "io").
    std::string key = py::builtin(name.c_str()) == fn ? name : mod + "." + name;
    auto it = m_handlers.find(key);
    if (it == m_handlers.end() || resolve(key) != fn)
        return nullptr;
    return it->second;
}
std::vector<std::string> BuiltinTable::names() const {
    std::vector<std::string> out;
    for (const auto &h : m_handlers)
        out.push_back(h.first);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace dynascope
