// Attribute access and subscripts on every value kind, and tensor methods (call_method nodes,
// or constants for shape queries, which specialise symbolic sizes).
#include "shapes/shapepolicy.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"
#include "trace/captureconfig.h"
#include "trace/tracer.h"

#include <functional>
#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

PyRef metaAttr(const ValuePtr &t, const char *name) {
    PyRef r = PyRef::steal(PyObject_GetAttrString(t->as<TensorValue>()->meta.get(), name));
    if (!r)
        PyErr_Clear();
    return r;
}

// Tensor.type() with no argument: the legacy type name ("torch.FloatTensor",
// "torch.cuda.HalfTensor"), which depends on dtype and device only.
PyRef tensorTypeName(const ValuePtr &t) {
    PyRef dtype = metaAttr(t, "dtype");
    PyRef empty = PyRef::steal(PyObject_GetAttrString(py::torch(), "empty"));
    PyRef shape = PyRef::steal(Py_BuildValue("(i)", 0));
    PyRef kw = PyRef::steal(PyDict_New());
    PyDict_SetItemString(kw.get(), "dtype", dtype.get());
    if (const PyRef &device = t->as<TensorValue>()->device)
        PyDict_SetItemString(kw.get(), "device", device.get());
    PyRef probe = PyRef::steal(PyObject_Call(empty.get(), shape.get(), kw.get()));
    PyRef name = probe ? PyRef::steal(PyObject_CallMethod(probe.get(), "type", nullptr)) : PyRef();
    if (!name)
        PyErr_Clear();
    return name;
}

// A dict key or subscript operand as a Python object: a constant, or an object compared by
// identity (a class, a function, a TypeVar) that the trace holds concretely.
PyRef keyObject(Tracer &t, const ValuePtr &v, const char *why) {
    if (PyRef p = v->kind == K::Tensor ? PyRef() : v->asPython())
        return p;
    if (v->object && (v->kind == K::UserObject || v->kind == K::UserFunction ||
                      v->kind == K::TorchFunction || v->kind == K::Builtin))
        return v->object;
    return t.constantOf(v, why);
}

// A user object subscripted with a constant key: a dict subclass that keeps dict's own
// __getitem__ (OrderedDict, defaultdict, class Cfg(dict)) is read like a dict input, its keys
// guarded; a typing alias (List[int], Callable[[T], T]) is built now. Null: not one of these.
ValuePtr objectSubscript(Tracer &t, const ValuePtr &obj, const ValuePtr &key) {
    PyObject *o = obj->object.get();
    if (!o)
        return nullptr;
    if (PyDict_Check(o) && obj->source) {
        static PyObject *getitemName = PyUnicode_InternFromString("__getitem__");
        PyObject *getitem = _PyType_Lookup(Py_TYPE(o), getitemName);
        PyObject *dictGetitem = _PyType_Lookup(&PyDict_Type, getitemName);
        if (getitem != dictGetitem)
            return nullptr;
        PyRef k = keyObject(t, key, "dict key");
        PyObject *v = PyDict_GetItemWithError(o, k.get());
        if (!v) {
            PyErr_Clear();
            return nullptr; // a missing key (__missing__, KeyError): left to the generic path
        }
        t.addGuard(Guard::dictKeys(obj->source, o));
        return t.wrap(v, Source::item(obj->source, k));
    }
    std::string mod = py::moduleOf(reinterpret_cast<PyObject *>(Py_TYPE(o)));
    PyErr_Clear();
    if (mod == "os" && std::string(Py_TYPE(o)->tp_name) == "_Environ" && obj->source) {
        // os.environ[KEY] (also inside os.environ.get): the variable's value now, guarded by
        // value, so setting it to something else recompiles. An unset variable is a break.
        PyRef k = keyObject(t, key, "environment variable");
        if (!PyUnicode_Check(k.get()))
            return nullptr;
        PyRef v = PyRef::steal(PyObject_GetItem(o, k.get()));
        if (!v) {
            PyErr_Clear();
            return nullptr;
        }
        return t.wrap(v.get(), Source::item(obj->source, k));
    }
    if (mod == "typing") {
        std::function<PyRef(const ValuePtr &)> pyOf = [&](const ValuePtr &v) -> PyRef {
            if (auto *seq = v->tryAs<SequenceValue>()) {
                PyRef list = PyRef::steal(PyList_New(0));
                for (const ValuePtr &item : seq->items)
                    PyList_Append(list.get(), pyOf(item).get());
                return v->kind == K::Tuple ? PyRef::steal(PyList_AsTuple(list.get())) : list;
            }
            return keyObject(t, v, "typing subscript");
        };
        PyRef k = pyOf(key);
        PyRef r = PyRef::steal(PyObject_GetItem(o, k.get()));
        if (!r) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "typing subscript raises");
        }
        return t.wrapUnguarded(r.get());
    }
    return nullptr;
}

} // namespace

// A shape query: the value is a Python number from now on, so symbolic sizes become guards.
static void specializeAll(Tracer &t, const ValuePtr &tensor, ShapePolicy *shapes,
                          GuardSet &guards) {
    if (!shapes)
        return;
    PyRef shape = metaAttr(tensor, "shape");
    const std::vector<std::string> &dims = tensor->as<TensorValue>()->dims;
    for (size_t i = 0; i < dims.size(); ++i)
        if (!dims[i].empty())
            shapes->specialize(dims[i], PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i)), guards);
    (void)t;
}

void Tracer::specializeDims(const ValuePtr &tensor) {
    bool symbolic = false;
    for (const std::string &d : tensor->as<TensorValue>()->dims)
        symbolic = symbolic || !d.empty();
    if (!symbolic)
        return;
    specializeAll(*this, tensor, m_start.shapes, *m_guards);
    for (std::string &d : tensor->as<TensorValue>()->dims)
        d.clear();
}

ValuePtr Tracer::getAttr(const ValuePtr &obj, const std::string &name) {
    switch (obj->kind) {
    case K::Exception:
        return exceptionAttr(obj, name);
    case K::Tensor: {
        auto *tensor = obj->as<TensorValue>();
        if (tensor->scalarType)
            throw GraphBreak(BreakId::UnsupportedAttribute,
                             "." + name + " of a captured Python number (item())");
        static const std::set<std::string> constantAttrs = {
            "dtype",  "is_cuda",       "is_sparse", "is_quantized",
            "layout", "requires_grad", "is_leaf",   "ndim"};
        if (name == "shape") {
            specializeAll(*this, obj, m_start.shapes, *m_guards);
            for (std::string &d : tensor->dims)
                d.clear();
            return Value::constant(metaAttr(obj, "shape"));
        }
        if (name == "__class__")
            return Value::constant(obj->pythonType());
        if (name == "device") {
            if (tensor->device)
                return Value::constant(tensor->device);
            throw GraphBreak(BreakId::UnsupportedAttribute, "device of a tensor made in the graph");
        }
        if (name == "grad") {
            // Dynamo's GradSource: an input's .grad as it is at the call (None, guarded, or a
            // tensor input of its own). A tensor made in the graph has none: backward() and
            // stores to .grad are breaks, so nothing in the trace gives it one.
            if (ValuePtr stored = tensorGradSet(obj))
                return stored;
            if (!obj->source)
                return Value::constant(Py_None);
            PyRef input = fetchAtStart(obj->source);
            PyRef grad = input ? PyRef::steal(PyObject_GetAttrString(input.get(), "grad")) : PyRef();
            if (!grad) {
                PyErr_Clear();
                throw GraphBreak(BreakId::UnsupportedAttribute, "grad of " + obj->describe());
            }
            return wrap(grad.get(), Source::attr(obj->source, "grad"));
        }
        if (name == "is_leaf" && obj->source && metaAttr(obj, "requires_grad").get() == Py_True) {
            // An input's meta copy is a leaf whatever the input is (`a * 2` is not): the input
            // itself answers, guarded.
            PyRef input = fetchAtStart(obj->source);
            PyRef leaf =
                input ? PyRef::steal(PyObject_GetAttrString(input.get(), "is_leaf")) : PyRef();
            if (!leaf) {
                PyErr_Clear();
                throw GraphBreak(BreakId::UnsupportedAttribute, "is_leaf of " + obj->describe());
            }
            addGuard(Guard::equalsMatch(Source::attr(obj->source, "is_leaf"), leaf.get()));
            return Value::constant(leaf);
        }
        if (constantAttrs.count(name))
            return Value::constant(metaAttr(obj, name.c_str()));
        if (name == "T" || name == "mT" || name == "H" || name == "real" || name == "imag" ||
            name == "data") {
            PyRef getattrFn = PyRef::borrow(py::builtin("getattr"));
            return callGraph(
                "call_function", "getattr", getattrFn, getattrFn.get(),
                {obj, Value::constant(PyRef::steal(PyUnicode_FromString(name.c_str())))}, {});
        }
        PyRef attr = metaAttr(obj, name.c_str());
        if (attr && PyCallable_Check(attr.get()))
            return std::make_shared<MethodValue>(K::TensorMethod, obj, name);
        throw GraphBreak(BreakId::UnsupportedAttribute, "Tensor." + name);
    }
    case K::NNModule:
    case K::UserObject: {
        PyObject *o = obj->object.get();
        auto over = m_attrs.find({o, name});
        if (over != m_attrs.end())
            return over->second;
        // obj.__dict__ is a dict value of its own: it and the attribute writes kept here must
        // not disagree (a write through one unseen by reads through the other).
        if (name == "__dict__") {
            auto first = m_attrs.lower_bound({o, std::string()});
            if (first != m_attrs.end() && first->first.first == o)
                throw GraphBreak(BreakId::UnsupportedAttribute,
                                 "__dict__ of an object whose attributes the trace set");
        }
        // Otherwise a read after obj.__dict__ was changed in the trace finds the change:
        // objectAttr reads the instance dict from the dict value the trace holds.
        return objectAttr(obj, name);
    }
    case K::PyModule: {
        if (PyModule_CheckExact(obj->object.get())) {
            // A global of the module that the trace stored or deleted (in this frame or an
            // inlined function of that module).
            auto over = m_attrs.find({PyModule_GetDict(obj->object.get()), name});
            if (over != m_attrs.end() && over->second->kind == K::Null)
                throw GraphBreak(BreakId::PythonException,
                                 "module has no attribute '" + name + "'");
            if (over != m_attrs.end())
                return over->second;
        }
        PyRef v = PyRef::steal(PyObject_GetAttrString(obj->object.get(), name.c_str()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "module has no attribute '" + name + "'");
        }
        std::string mod = py::nameOf(obj->object.get());
        bool library = mod == "torch" || mod.rfind("torch.", 0) == 0 || mod == "math" ||
                       mod == "operator" || mod == "builtins";
        // Library modules do not change between calls (Dynamo does not guard them either).
        return wrap(v.get(),
                    library ? nullptr : (obj->source ? Source::attr(obj->source, name) : nullptr));
    }
    case K::Tuple: {
        auto *tuple = obj->as<SequenceValue>();
        if (obj->object) {
            // An attribute the trace stored on a tuple subclass instance passed in.
            auto stored = m_attrs.find({obj->object.get(), name});
            if (stored != m_attrs.end())
                return stored->second;
        }
        for (size_t i = 0; i < tuple->fieldNames.size() && i < tuple->items.size(); ++i)
            if (name == PyUnicode_AsUTF8(tuple->fieldNames[i].get()))
                return tuple->items[i];
        if (tuple->pyType)
            if (ValuePtr v = namedTupleClassAttr(obj, name))
                return v;
        [[fallthrough]];
    }
    case K::List:
    case K::Dict:
    case K::Set: {
        PyObject *type = obj->pythonType();
        if (name == "__class__" && type)
            return Value::constant(type);
        // Only the type's methods: another attribute read as a method would be a wrong value.
        PyRef attr = type ? PyRef::steal(PyObject_GetAttrString(type, name.c_str())) : PyRef();
        if (!attr) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException,
                             obj->describe() + " has no attribute '" + name + "'");
        }
        if (!PyCallable_Check(attr.get()) || PyType_Check(attr.get()))
            throw GraphBreak(BreakId::UnsupportedAttribute, obj->describe() + "." + name);
        return std::make_shared<MethodValue>(K::ObjectMethod, obj, name);
    }
    case K::Super:
        return superAttr(obj, name);
    case K::NewObject:
        return newObjectAttr(obj, name);
    case K::Partial:
        return partialAttr(obj, name);
    case K::Constant: {
        PyRef v = PyRef::steal(PyObject_GetAttrString(obj->object.get(), name.c_str()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException,
                             obj->describe() + " has no attribute " + name);
        }
        // A function read from a class (`Base.forward(self, x)`, a static or class method) is
        // traced as one: guarded on its code where the class has a source.
        std::string fnModule = py::moduleOf(v.get());
        PyErr_Clear();
        bool torchInternal = (fnModule == "torch" || fnModule.rfind("torch.", 0) == 0) &&
                             fnModule.rfind("torch.nn.modules", 0) != 0;
        if (PyType_Check(obj->object.get()) && !torchInternal &&
            (PyFunction_Check(v.get()) || PyMethod_Check(v.get())))
            return wrap(v.get(), obj->source ? Source::attr(obj->source, name) : nullptr);
        // object.__new__/__init__/__setattr__ reached through a class (`object.__new__(cls)`,
        // a dataclass's object.__setattr__): modelled on new objects (callObjectSlot).
        if (isObjectSlot(v.get()))
            return Value::ofKind(K::Builtin, v);
        // torch.Tensor.add_(t, 1): a Tensor method read from the class is a torch function
        // taking the tensor first (a call_function node on torch.Tensor.<name>).
        if (obj->object.get() == py::tensorType() && Py_TYPE(v.get()) == &PyMethodDescr_Type) {
            auto fn = std::make_shared<FunctionValue>(K::TorchFunction, v);
            fn->name = "torch.Tensor." + name;
            return fn;
        }
        if (PyCFunction_Check(v.get()) || PyCallable_Check(v.get()))
            return std::make_shared<MethodValue>(K::ObjectMethod, obj, name);
        // A class attribute of a Python class (`Config.scale`) may change between calls: read
        // through its source, and guarded as any attribute (C types and torch's own do not
        // change).
        PyObject *o = obj->object.get();
        if (obj->source && PyType_Check(o) &&
            (reinterpret_cast<PyTypeObject *>(o)->tp_flags & Py_TPFLAGS_HEAPTYPE)) {
            std::string classModule = py::moduleOf(o);
            PyErr_Clear();
            if (classModule != "torch" && classModule.rfind("torch.", 0) != 0)
                return wrap(v.get(), Source::attr(obj->source, name));
        }
        return wrapUnguarded(v.get());
    }
    case K::UserFunction:
    case K::TorchFunction:
    case K::Builtin: {
        PyRef v = PyRef::steal(PyObject_GetAttrString(obj->object.get(), name.c_str()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "no attribute " + name);
        }
        return wrap(v.get(), obj->source ? Source::attr(obj->source, name) : nullptr);
    }
    case K::NestedFunction: {
        // A function made in the trace: its names and code are known now.
        auto *fn = obj->as<NestedFunctionValue>();
        const char *codeAttr = name == "__name__"       ? "co_name"
                               : name == "__qualname__" ? "co_qualname"
                                                        : nullptr;
        if (name == "__name__" && !fn->name.empty())
            return Value::constant(PyRef::steal(PyUnicode_FromString(fn->name.c_str())));
        if (name == "__code__")
            return Value::constant(obj->object);
        if (codeAttr) {
            PyRef v = PyRef::steal(PyObject_GetAttrString(obj->object.get(), codeAttr));
            if (v)
                return Value::constant(v);
            PyErr_Clear();
        }
        throw GraphBreak(BreakId::UnsupportedAttribute, obj->describe() + "." + name);
    }
    default:
        throw GraphBreak(BreakId::UnsupportedAttribute, obj->describe() + "." + name);
    }
}

// An attribute a named tuple's class defines in Python (typing.NamedTuple methods, static and
// class methods, properties, class constants), bound as CPython binds it; null for the rest
// (tuple's own methods).
ValuePtr Tracer::namedTupleClassAttr(const ValuePtr &obj, const std::string &name) {
    PyRef nameObj = PyRef::steal(PyUnicode_FromString(name.c_str()));
    PyObject *tupleType = obj->as<SequenceValue>()->pyType.get();
    auto *type = reinterpret_cast<PyTypeObject *>(tupleType);
    PyObject *attr = _PyType_Lookup(type, nameObj.get()); // borrowed
    if (!attr)
        return nullptr;
    if (PyFunction_Check(attr))
        return std::make_shared<MethodValue>(K::BoundMethod, obj, name, PyRef::borrow(attr));
    if (Py_TYPE(attr) == &PyStaticMethod_Type || Py_TYPE(attr) == &PyClassMethod_Type) {
        PyRef fn = PyRef::steal(PyObject_GetAttrString(attr, "__func__"));
        if (!fn || !PyFunction_Check(fn.get())) {
            PyErr_Clear();
            return nullptr;
        }
        if (Py_TYPE(attr) == &PyStaticMethod_Type)
            return wrapUnguarded(fn.get());
        return std::make_shared<MethodValue>(K::BoundMethod, Value::constant(tupleType), name, fn);
    }
    if (PyObject_TypeCheck(attr, &PyProperty_Type)) {
        PyRef fget = PyRef::steal(PyObject_GetAttrString(attr, "fget"));
        PyErr_Clear();
        if (fget && PyFunction_Check(fget.get()))
            return call(wrapUnguarded(fget.get()), {obj}, {});
        return nullptr;
    }
    // A class constant (the field descriptors namedtuple makes are handled above as fields).
    if (PyLong_CheckExact(attr) || PyFloat_CheckExact(attr) || PyUnicode_CheckExact(attr) ||
        PyTuple_CheckExact(attr) || attr == Py_None || PyBool_Check(attr))
        return wrapUnguarded(attr);
    return nullptr;
}

// super(cls, self).name: the first class after `cls` in the MRO that defines `name`, bound as
// CPython binds it (to the instance, or to the class for a class method).
ValuePtr Tracer::superAttr(const ValuePtr &sup, const std::string &name) {
    const ValuePtr &self = sup->as<SuperValue>()->self;
    bool selfIsClass = self->isConstant() && PyType_Check(self->object.get());
    PyObject *type = selfIsClass ? self->object.get() : self->pythonType();
    if (!type)
        throw GraphBreak(BreakId::UnsupportedAttribute, "super() of " + self->describe());
    PyObject *mro = reinterpret_cast<PyTypeObject *>(type)->tp_mro;
    Py_ssize_t n = mro ? PyTuple_Size(mro) : 0, i = 0;
    while (i < n && PyTuple_GET_ITEM(mro, i) != sup->object.get())
        ++i;
    for (++i; i < n; ++i) {
        PyObject *dict = reinterpret_cast<PyTypeObject *>(PyTuple_GET_ITEM(mro, i))->tp_dict;
        // Each class passed and the one that answers are guarded on `name` (CLASS_LOOKUP: one
        // of them gaining, losing or replacing it changes what super() finds).
        classLookup(PyTuple_GET_ITEM(mro, i), name);
        PyObject *attr = PyDict_GetItemString(dict, name.c_str());
        if (!attr)
            continue;
        if (isObjectSlot(attr)) // super().__init__() reaching object's: bound as a method
            return name == "__new__" ? Value::ofKind(K::Builtin, PyRef::borrow(attr))
                                     : std::make_shared<MethodValue>(K::BoundMethod, self, name,
                                                                     PyRef::borrow(attr));
        if (PyFunction_Check(attr))
            return selfIsClass ? wrapUnguarded(attr)
                               : std::make_shared<MethodValue>(K::BoundMethod, self, name,
                                                               PyRef::borrow(attr));
        if (Py_TYPE(attr) == &PyStaticMethod_Type || Py_TYPE(attr) == &PyClassMethod_Type) {
            PyRef fn = PyRef::steal(PyObject_GetAttrString(attr, "__func__"));
            PyErr_Clear();
            if (fn && PyFunction_Check(fn.get()))
                return Py_TYPE(attr) == &PyStaticMethod_Type
                           ? wrapUnguarded(fn.get())
                           : std::make_shared<MethodValue>(K::BoundMethod, Value::constant(type),
                                                           name, fn);
        }
        if (!selfIsClass && self->source && !Py_TYPE(attr)->tp_descr_get) {
            // A plain class attribute (super().a): read where it lives, guarded there.
            SourcePtr owner =
                Source::item(Source::attr(Source::attr(self->source, "__class__"), "__mro__"),
                             PyRef::steal(PyLong_FromSsize_t(i)));
            return wrap(attr, Source::attr(owner, name));
        }
        throw GraphBreak(BreakId::UnsupportedAttribute, "super()." + name);
    }
    throw GraphBreak(BreakId::PythonException, "'super' object has no attribute '" + name + "'");
}

// nn.Module.__getattr__: a parameter, buffer or child module registered under `name`, else the
// AttributeError it raises, raised in the trace (a handler may take it) with the three dicts'
// names guarded, so a module that gains one later recompiles.
ValuePtr Tracer::moduleRegisteredAttr(const ValuePtr &module, const std::string &name) {
    PyObject *o = module->object.get();
    PyObject **dictPtr = _PyObject_GetDictPtr(o);
    PyRef nameObj = PyRef::steal(PyUnicode_FromString(name.c_str()));
    SourcePtr src = module->source ? Source::attr(module->source, name) : nullptr;
    for (const char *dictName : {"_parameters", "_buffers", "_modules"}) {
        PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, dictName) : nullptr;
        PyObject *v = d && PyDict_Check(d) ? PyDict_GetItemWithError(d, nameObj.get()) : nullptr;
        PyErr_Clear();
        if (v) {
            if (!src)
                throw GraphBreak(BreakId::UnknownValue, "module attribute without a source");
            return wrap(v, src);
        }
    }
    std::string message =
        "'" + std::string(Py_TYPE(o)->tp_name) + "' object has no attribute '" + name + "'";
    if (!module->source)
        throw GraphBreak(BreakId::PythonException, message);
    for (const char *dictName : {"_parameters", "_buffers", "_modules"}) {
        PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, dictName) : nullptr;
        if (!d || !PyDict_Check(d))
            throw GraphBreak(BreakId::PythonException, message);
        addGuard(Guard::dictKeys(Source::attr(module->source, dictName), d));
    }
    addGuard(Guard::hasAttr(module->source, name, false)); // nor an instance attribute since
    raisePython(PyExc_AttributeError,
                {Value::constant(PyRef::steal(PyUnicode_FromString(message.c_str())))});
    return nullptr; // not reached
}

ValuePtr Tracer::tensorGradSet(const ValuePtr &tensor) const {
    for (auto it = m_tensorGrads.rbegin(); it != m_tensorGrads.rend(); ++it)
        if (sameTensor(it->first, tensor))
            return it->second;
    return nullptr;
}

void Tracer::storeTensorGrad(const ValuePtr &tensor, const ValuePtr &value) {
    bool none = value->isConstant() && value->object.get() == Py_None;
    if (!none && value->kind != K::Tensor)
        throw GraphBreak(BreakId::PythonException, "assigned grad expected to be a Tensor or None");
    if (!none) {
        // (Devices are compared where both are known; a graph result's is not, and a mismatch
        // there raises when the store is replayed after the graph.)
        const PyRef &d1 = tensor->as<TensorValue>()->device, &d2 = value->as<TensorValue>()->device;
        if (d1 && d2 && PyObject_RichCompareBool(d1.get(), d2.get(), Py_EQ) != 1) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "assigned grad has a different device");
        }
        for (const char *fact : {"shape", "dtype"}) {
            PyRef mine = metaAttr(tensor, fact), theirs = metaAttr(value, fact);
            int same = mine && theirs ? PyObject_RichCompareBool(mine.get(), theirs.get(), Py_EQ)
                                      : -1;
            PyErr_Clear();
            if (same != 1)
                throw GraphBreak(BreakId::PythonException,
                                 std::string("assigned grad has a different ") + fact);
        }
    }
    m_tensorGrads.emplace_back(tensor, value);
    recordSideEffect({SideEffect::Kind::SetAttr, tensor, "grad", nullptr, value});
}

const ContainerValue *Tracer::instanceDictValue(PyObject *o) const {
    PyObject **dictPtr = o ? _PyObject_GetDictPtr(o) : nullptr;
    auto held = dictPtr && *dictPtr ? m_wrapped.find(*dictPtr) : m_wrapped.end();
    return held != m_wrapped.end() ? held->second->tryAs<ContainerValue>() : nullptr;
}

// Attribute lookup on an object in CPython's order: a data descriptor of the class (a property
// is inlined), the instance __dict__, other class attributes, then what __getattr__ would give:
// an nn.Module's parameters, buffers and submodules, or a user-defined __getattr__ (inlined).
ValuePtr Tracer::objectAttr(const ValuePtr &obj, const std::string &name) {
    PyObject *o = obj->object.get();
    SourcePtr src = obj->source ? Source::attr(obj->source, name) : nullptr;
    auto wrapFound = [&](PyObject *v) {
        if (py::isTensor(v) && !src)
            throw GraphBreak(BreakId::UnknownValue, "tensor attribute without a source");
        return wrap(v, src);
    };
    PyRef nameObj = PyRef::steal(PyUnicode_FromString(name.c_str()));
    // A user object's class lookups are guarded (CLASS_LOOKUP): a property, method or
    // __getattr__ replaced on the class between calls recompiles.
    PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(o));
    bool userClass = obj->kind == K::UserObject;
    // A Python __getattribute__ decides every read itself (a C type's own slot wrapper, as
    // deque's, is the generic lookup modelled here).
    if (userClass && PyFunction_Check(classLookup(type, "__getattribute__")))
        throw GraphBreak(BreakId::UnsupportedAttribute,
                         std::string(Py_TYPE(o)->tp_name) + ".__getattribute__");
    PyObject *descr =
        userClass ? classLookup(type, name) : _PyType_Lookup(Py_TYPE(o), nameObj.get());
    // A module class's property (or other data descriptor) is guarded too; its plain
    // attributes are read through the instance's own guards.
    if (!userClass && descr && Py_TYPE(descr)->tp_descr_set)
        classLookup(type, name);
    PyRef descrRef = PyRef::borrow(descr);
    if (descr && Py_TYPE(descr)->tp_descr_set && Py_TYPE(descr)->tp_descr_get) {
        if (PyObject_TypeCheck(descr, &PyProperty_Type)) {
            PyRef fget = PyRef::steal(PyObject_GetAttrString(descr, "fget"));
            PyErr_Clear();
            // An AttributeError from the getter sends CPython on to __getattr__: a break.
            if (fget && PyFunction_Check(fget.get()))
                return sealRaises([&] { return call(wrapUnguarded(fget.get()), {obj}, {}); },
                                  PyExc_AttributeError);
        }
        // A descriptor class written in Python: its __get__ inlined, so that it reads what the
        // trace wrote (the instance __dict__ it may consult).
        static PyObject *getName = PyUnicode_InternFromString("__get__");
        PyObject *getFn = _PyType_Lookup(Py_TYPE(descr), getName); // borrowed
        if (getFn && PyFunction_Check(getFn)) {
            PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(o));
            return sealRaises(
                [&] {
                    return call(wrapUnguarded(getFn),
                                {wrapUnguarded(descr), obj, wrapUnguarded(type)}, {});
                },
                PyExc_AttributeError);
        }
        PyRef v = PyRef::steal(PyObject_GetAttr(o, nameObj.get()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "descriptor " + name + " raises");
        }
        return wrapFound(v.get());
    }
    PyObject **dictPtr = _PyObject_GetDictPtr(o);
    if (dictPtr && *dictPtr) {
        // The trace read obj.__dict__ (a dict value it may have changed): read from that.
        auto seen = m_wrapped.find(*dictPtr);
        if (const auto *d = seen != m_wrapped.end() ? seen->second->tryAs<DictValue>() : nullptr) {
            for (size_t i = 0; i < d->keys.size(); ++i)
                if (PyUnicode_Check(d->keys[i].get()) &&
                    PyUnicode_Compare(d->keys[i].get(), nameObj.get()) == 0)
                    return d->values[i];
        } else if (PyObject *v = PyDict_GetItemWithError(*dictPtr, nameObj.get())) {
            return wrapFound(v);
        }
        PyErr_Clear();
    }
    if (descr) {
        PyRef v = PyRef::steal(PyObject_GetAttr(o, nameObj.get()));
        if (v)
            return wrapFound(v.get());
        PyErr_Clear();
    }
    if (obj->kind == K::NNModule) {
        // A module class with a __getattr__ of its own: CPython calls it (it usually defers to
        // nn.Module.__getattr__ through super(), which moduleRegisteredAttr answers).
        static PyObject *getattrName = PyUnicode_InternFromString("__getattr__");
        PyObject *getattrFn = _PyType_Lookup(Py_TYPE(o), getattrName);
        if (getattrFn && PyFunction_Check(getattrFn) &&
            getattrFn != _PyType_Lookup(reinterpret_cast<PyTypeObject *>(py::moduleType()),
                                        getattrName)) {
            classLookup(type, "__getattr__"); // guarded: replacing it recompiles
            // It answers only while the instance lacks the name: the instance's keys guarded.
            if (obj->source && dictPtr && *dictPtr)
                addGuard(Guard::dictKeys(Source::attr(obj->source, "__dict__"), *dictPtr));
            return call(wrapUnguarded(getattrFn), {obj, Value::constant(nameObj)}, {});
        }
        return moduleRegisteredAttr(obj, name);
    } else {
        PyObject *getattrFn = classLookup(type, "__getattr__");
        if (getattrFn && PyFunction_Check(getattrFn)) {
            // __getattr__ answers only while the instance lacks the name (the class's lack of
            // it is guarded by classLookup above): an input's instance keys are guarded.
            if (obj->source && dictPtr && *dictPtr)
                addGuard(Guard::dictKeys(Source::attr(obj->source, "__dict__"), *dictPtr));
            return call(wrapUnguarded(getattrFn), {obj, Value::constant(nameObj)}, {});
        }
        // CPython's generic lookup found nothing: AttributeError, raised in the trace (a
        // handler may take it), its absence guarded.
        if (!getattrFn && obj->source && Py_TYPE(o)->tp_getattro == PyObject_GenericGetAttr) {
            addGuard(Guard::hasAttr(obj->source, name, false));
            std::string message =
                "'" + std::string(Py_TYPE(o)->tp_name) + "' object has no attribute '" + name + "'";
            raisePython(PyExc_AttributeError,
                        {Value::constant(PyRef::steal(PyUnicode_FromString(message.c_str())))});
        }
    }
    throw GraphBreak(BreakId::PythonException,
                     std::string(Py_TYPE(o)->tp_name) + " has no attribute '" + name + "'");
}

ValuePtr Tracer::subscript(const ValuePtr &obj, const ValuePtr &key) {
    switch (obj->kind) {
    case K::Tensor: {
        PyRef fn = PyRef::steal(PyObject_GetAttrString(py::operatorModule(), "getitem"));
        return callGraph("call_function", "operator.getitem", fn, fn.get(), {obj, key}, {});
    }
    case K::Tuple:
    case K::List: {
        auto *seq = obj->as<SequenceValue>();
        PyRef k = constantOf(key, "sequence index");
        if (PySlice_Check(k.get()) && seq->pyType && obj->kind == K::List)
            throw GraphBreak(BreakId::PythonException,
                             "sequence index must be integer, not 'slice'");
        if (PySlice_Check(k.get())) {
            Py_ssize_t start, stop, step, n;
            if (PySlice_GetIndicesEx(k.get(), static_cast<Py_ssize_t>(seq->items.size()), &start,
                                     &stop, &step, &n) < 0) {
                PyErr_Clear();
                throw GraphBreak(BreakId::PythonException, "bad slice");
            }
            std::vector<ValuePtr> items;
            for (Py_ssize_t i = 0, j = start; i < n; ++i, j += step)
                items.push_back(seq->items[j]);
            return SequenceValue::make(obj->kind, items);
        }
        Py_ssize_t i = PyNumber_AsSsize_t(k.get(), nullptr);
        Py_ssize_t n = static_cast<Py_ssize_t>(seq->items.size());
        if (PyErr_Occurred()) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "index out of range");
        }
        // IndexError as list and tuple (also a named tuple) word it; a list's length is guarded.
        if ((i < -n || i >= n) && (!seq->pyType || obj->kind == K::Tuple))
            raisePython(PyExc_IndexError,
                        {Value::constant(PyRef::steal(PyUnicode_FromString(
                            obj->kind == K::List ? "list index out of range"
                                                 : "tuple index out of range")))});
        if (i < -n || i >= n)
            throw GraphBreak(BreakId::PythonException, "index out of range");
        return seq->items[i < 0 ? i + n : i];
    }
    case K::Dict: {
        auto *dict = obj->as<DictValue>();
        PyRef k = dictKey(key);
        if (long i = dict->indexOf(k.get()); i >= 0)
            return dict->values[i];
        // defaultdict.__missing__: the factory's value, stored under the key.
        if (dict->defaultFactory && !dict->defaultFactory->isNone()) {
            ValuePtr v = call(dict->defaultFactory, {}, {});
            dict->store(k, key, v);
            if (obj->source)
                dict->mutated = true;
            return v;
        }
        // A dict (its keys guarded when it is an input) or OrderedDict: KeyError(key), as
        // dict.__getitem__ raises it; another subclass might have a __missing__.
        if (!dict->pyType ||
            std::string(reinterpret_cast<PyTypeObject *>(dict->pyType.get())->tp_name) ==
                "collections.OrderedDict")
            raisePython(PyExc_KeyError, {key});
        throw GraphBreak(BreakId::PythonException, "KeyError " + pyRepr(k.get()));
    }
    case K::NNModule: {
        PyRef k = constantOf(key, "module index");
        PyRef v = PyRef::steal(PyObject_GetItem(obj->object.get(), k.get()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "module index");
        }
        if (PySlice_Check(k.get()) && py::isModule(v.get())) {
            // A slice of a ModuleList/Sequential is a new container on every call: no identity
            // guard on it (the parent's guard covers its children), or each call would recompile.
            return Value::ofKind(K::NNModule, v,
                                 obj->source ? Source::item(obj->source, k) : nullptr);
        }
        return wrap(v.get(), obj->source ? Source::item(obj->source, k) : nullptr);
    }
    case K::Constant: {
        PyRef k = constantOf(key, "index");
        PyRef v = PyRef::steal(PyObject_GetItem(obj->object.get(), k.get()));
        if (!v) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "index of " + obj->describe());
        }
        return wrapUnguarded(v.get());
    }
    case K::UserObject:
        if (ValuePtr v = objectSubscript(*this, obj, key))
            return v;
        throw GraphBreak(BreakId::UnknownValue, "subscript of " + obj->describe());
    default:
        throw GraphBreak(BreakId::UnknownValue, "subscript of " + obj->describe());
    }
}

// capture_scalar_outputs: item() (and bool()/int()/float() of its result) is a graph node whose
// run-time value is a Python number; the trace carries it as a 0-d tensor value of `dtype` marked
// with its Python type, so arithmetic on it stays in the graph too.
ValuePtr Tracer::scalarNode(const std::string &op, const std::string &target, PyRef targetObj,
                            const ValuePtr &operand, PyObject *dtype) {
    std::string node = m_graph->addCall(op, target, std::move(targetObj),
                                        {NodeArg::ofNode(operand->as<TensorValue>()->node)}, {});
    std::vector<SourceSite> stack = userStack();
    m_graph->last().site = stack.back();
    if (stack.size() > 1)
        m_graph->last().inlineStack.assign(stack.begin(), stack.end() - 1);
    PyRef empty = PyRef::steal(PyObject_GetAttrString(py::torch(), "empty"));
    PyRef shape = PyRef::steal(PyTuple_New(0));
    PyRef targs = PyRef::steal(PyTuple_Pack(1, shape.get()));
    PyRef kw = PyRef::steal(Py_BuildValue("{s:O,s:s}", "dtype", dtype, "device", "meta"));
    auto v = std::make_shared<TensorValue>();
    v->meta = PyRef::steal(PyObject_Call(empty.get(), targs.get(), kw.get()));
    if (!v->meta) {
        PyErr_Clear();
        throw GraphBreak(BreakId::TensorItem, target + " of a tensor");
    }
    v->node = node;
    v->device = operand->as<TensorValue>()->device;
    v->scalarType = scalarTypeOf(dtype);
    m_graph->last().dtype = dtypeName(dtype);
    return v;
}

ValuePtr Tracer::callTensorMethod(const ValuePtr &m, std::vector<ValuePtr> &args,
                                  std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    const std::string &name = m->as<MethodValue>()->name;
    ValuePtr self = m->as<MethodValue>()->self;
    auto *tensor = self->as<TensorValue>();
    if (tensor->scalarType)
        throw GraphBreak(BreakId::UnsupportedCall,
                         "." + name + "() of a captured Python number (item())");
    static const std::set<std::string> scalarOut = {"item",    "tolist",    "__bool__",
                                                    "__int__", "__float__", "__index__"};
    static const std::set<std::string> unsupported = {
        "numpy", "backward", "register_hook", "retain_grad", "data_ptr", "storage",
        "untyped_storage", "cpu_", "__array__",
        // Where an input sits in its storage is not in its meta copy (nor in TENSOR_MATCH).
        "storage_offset", "_is_view"};
    if (name == "item" && args.empty() && CaptureConfig::instance().captureScalarOutputs)
        return scalarNode("call_method", "item", {}, self, metaAttr(self, "dtype").get());
    if (name == "tolist" && args.empty() && kwargs.empty() &&
        CaptureConfig::instance().captureScalarOutputs) {
        // Nested lists of item() nodes, one per element, as the (specialised) shape lays out.
        PyRef dtype = metaAttr(self, "dtype");
        PyRef shape = metaAttr(self, "shape");
        Py_ssize_t rank = shape ? PyTuple_Size(shape.get()) : -1;
        long count = 1;
        for (Py_ssize_t d = 0; d < rank; ++d)
            count *= PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), d));
        if (rank < 0 || count > 1024)
            throw GraphBreak(BreakId::TensorItem, "Tensor.tolist() of " + self->describe());
        specializeAll(*this, self, m_start.shapes, *m_guards);
        for (std::string &d : tensor->dims)
            d.clear();
        std::function<ValuePtr(const ValuePtr &, Py_ssize_t)> build =
            [&](const ValuePtr &t, Py_ssize_t dim) -> ValuePtr {
            if (dim == rank)
                return scalarNode("call_method", "item", {}, t, dtype.get());
            std::vector<ValuePtr> rows;
            long n = PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), dim));
            for (long i = 0; i < n; ++i)
                rows.push_back(
                    build(subscript(t, Value::constant(PyRef::steal(PyLong_FromLong(i)))), dim + 1));
            return ValuePtr(SequenceValue::make(K::List, rows));
        };
        return build(self, 0);
    }
    if (scalarOut.count(name))
        throw GraphBreak(BreakId::TensorItem, "Tensor." + name + "()");
    if (name == "__iter__" && args.empty() && kwargs.empty())
        return iterate(self); // rows along dim 0, as `for row in x`
    if (name == "type" && args.empty() && kwargs.empty()) {
        PyRef typeName = tensorTypeName(self);
        if (!typeName)
            throw GraphBreak(BreakId::UnsupportedCall, "Tensor.type() of " + self->describe());
        return Value::constant(typeName);
    }
    if (name == "type" && args.size() == 1) {
        // A legacy tensor type (torch.HalfTensor) is passed by name, as Dynamo does.
        PyRef arg = args[0]->asPython();
        if (arg && PyType_Check(arg.get()) &&
            std::string(Py_TYPE(arg.get())->tp_name) == "torch.tensortype") {
            std::string fqn = py::moduleOf(arg.get()) + "." + py::nameOf(arg.get());
            args[0] = Value::constant(PyRef::steal(PyUnicode_FromString(fqn.c_str())));
        }
    }
    if (unsupported.count(name))
        throw GraphBreak(BreakId::UnsupportedCall, "Tensor." + name + "()");
    // The aten ops tagged inplace_view change a tensor's metadata in place; on a graph input
    // Dynamo breaks (the graph would change its caller's tensor's shape): CPython runs them.
    static const std::set<std::string> inplaceViews = {
        "resize_",  "resize_as_", "t_",          "transpose_", "squeeze_", "unsqueeze_",
        "swapaxes_", "swapdims_", "as_strided_", "detach_",    "rename_"};
    if (inplaceViews.count(name) && self->source)
        throw GraphBreak(BreakId::UnsupportedCall,
                         "Tensor." + name + "() (an in-place view) on a graph input");
    static const std::set<std::string> shapeQueries = {
        "size",       "stride",       "numel",         "nelement",
        "dim",        "ndimension",   "is_contiguous", "is_floating_point",
        "is_complex", "element_size", "get_device"};
    if (shapeQueries.count(name)) {
        if (name != "dim" && name != "ndimension" && name != "is_floating_point" &&
            name != "is_complex" && name != "element_size") {
            specializeAll(*this, self, m_start.shapes, *m_guards);
            for (std::string &d : tensor->dims)
                d.clear();
        }
        if (name == "get_device") {
            PyRef idx = tensor->device
                            ? PyRef::steal(PyObject_GetAttrString(tensor->device.get(), "index"))
                            : PyRef();
            PyErr_Clear();
            return Value::constant(PyRef::steal(
                PyLong_FromLong(idx && idx.get() != Py_None ? PyLong_AsLong(idx.get()) : -1)));
        }
        PyRef fn = PyRef::steal(PyObject_GetAttrString(tensor->meta.get(), name.c_str()));
        PyRef list = PyRef::steal(PyList_New(0));
        for (const ValuePtr &a : args)
            PyList_Append(list.get(), constantOf(a, "shape query argument").get());
        PyRef kw = PyRef::steal(PyDict_New());
        for (const auto &k : kwargs)
            PyDict_SetItemString(kw.get(), k.first.c_str(),
                                 constantOf(k.second, "shape query argument").get());
        PyRef tuple = PyRef::steal(PyList_AsTuple(list.get()));
        PyRef r = fn ? PyRef::steal(PyObject_Call(fn.get(), tuple.get(), kw.get())) : PyRef();
        if (!r) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "Tensor." + name + " raises");
        }
        return wrapUnguarded(r.get());
    }
    std::vector<ValuePtr> all{self};
    all.insert(all.end(), args.begin(), args.end());
    return callGraph("call_method", name, {}, nullptr, all, kwargs);
}

} // namespace dynascope
