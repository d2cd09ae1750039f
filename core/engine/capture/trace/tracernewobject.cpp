// Objects made during the trace (Dynamo's UserDefinedObjectVariable + AttributeMutationNew):
// `cls(...)` as type.__call__ runs it (object.__new__ or an inlined Python __new__, then the
// inlined __init__), attribute reads in CPython's order (data descriptors, the instance's own
// attributes, class attributes bound as CPython binds them, __getattr__), writes into the value's
// own store, object's __new__/__init__/__setattr__, and operator dunders on user objects. Nothing
// here touches a real object: the exit plan builds one when the value escapes.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"
#include "trace/tracer.h"

#include <functional>

namespace dynascope {

namespace {

using K = Value::Kind;

// object's own slot `name` (borrowed): object.__new__, object.__init__, object.__setattr__…
PyObject *objectSlot(const char *name) {
    return PyDict_GetItemString(PyBaseObject_Type.tp_dict, name);
}

PyObject *lookup(PyObject *cls, const std::string &name) {
    PyRef key = PyRef::steal(PyUnicode_FromString(name.c_str()));
    return _PyType_Lookup(reinterpret_cast<PyTypeObject *>(cls), key.get()); // borrowed
}

std::string typeName(PyObject *cls) {
    return reinterpret_cast<PyTypeObject *>(cls)->tp_name;
}

PyRef descriptorFunction(PyObject *descr, const char *field) {
    PyRef fn = PyRef::steal(PyObject_GetAttrString(descr, field));
    PyErr_Clear();
    return fn;
}

// Whether instances of `cls` are plain Python objects object.__new__ can make: every class on
// its layout chain up to object is a class statement's (no C base such as dict or Exception),
// and type.__call__ is what calling it runs.
bool plainPythonClass(PyObject *cls) {
    if (lookup(reinterpret_cast<PyObject *>(Py_TYPE(cls)), "__call__") !=
        PyDict_GetItemString(PyType_Type.tp_dict, "__call__"))
        return false;
    for (auto *t = reinterpret_cast<PyTypeObject *>(cls); t && t != &PyBaseObject_Type;
         t = t->tp_base)
        if (!(t->tp_flags & Py_TPFLAGS_HEAPTYPE) || (t->tp_flags & Py_TPFLAGS_IMMUTABLETYPE))
            return false;
    return true;
}

// Whether constructing an nn.Module subclass `cls` runs only torch.nn's code: every class on its
// MRO that defines __init__, __new__ or __setattr__ is one of torch.nn's, and its metaclass's
// __call__ is type's.
bool madeByTorchOnly(PyObject *cls) {
    if (lookup(reinterpret_cast<PyObject *>(Py_TYPE(cls)), "__call__") !=
        PyDict_GetItemString(PyType_Type.tp_dict, "__call__"))
        return false;
    PyObject *mro = reinterpret_cast<PyTypeObject *>(cls)->tp_mro;
    for (Py_ssize_t i = 0; mro && i < PyTuple_GET_SIZE(mro); ++i) {
        PyObject *base = PyTuple_GET_ITEM(mro, i);
        if (base == reinterpret_cast<PyObject *>(&PyBaseObject_Type) ||
            py::moduleOf(base).rfind("torch.nn.modules", 0) == 0)
            continue;
        PyObject *own = reinterpret_cast<PyTypeObject *>(base)->tp_dict;
        for (const char *name : {"__init__", "__new__", "__setattr__"})
            if (PyDict_GetItemString(own, name))
                return false;
    }
    return true;
}

bool extraArgs(const std::vector<ValuePtr> &args, size_t bound,
               const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    return args.size() > bound || !kwargs.empty();
}

} // namespace

// What CPython finds for `name` on `cls` is what the trace then assumed: guarded for a Python
// class (a method, property or dunder replaced on it between calls recompiles); C types and
// torch's own classes are not changed by user code.
PyObject *Tracer::classLookup(PyObject *cls, const std::string &name) {
    PyObject *found = lookup(cls, name);
    auto *type = reinterpret_cast<PyTypeObject *>(cls);
    if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE) || !m_classLookups.insert({cls, name}).second)
        return found;
    std::string module = py::moduleOf(cls);
    PyErr_Clear();
    if (module != "torch" && module.rfind("torch.", 0) != 0)
        addGuard(Guard::classLookup(cls, name, found));
    return found;
}

ValuePtr Tracer::userFunction(PyObject *fn, SourcePtr source) {
    // Inlined whatever module it comes from (a torch.distributions method is Python to inline
    // here, not a graph call); guarded on its code where it has a source.
    if (source)
        addGuard(Guard::idMatch(Source::attr(source, "__code__"), PyFunction_GET_CODE(fn)));
    return Value::ofKind(K::UserFunction, PyRef::borrow(fn), std::move(source));
}

ValuePtr Tracer::makeNewObject(const ValuePtr &cls) {
    PyObject *type = cls->object.get();
    if (!plainPythonClass(type))
        return nullptr;
    if (reinterpret_cast<PyTypeObject *>(type)->tp_flags & Py_TPFLAGS_IS_ABSTRACT)
        throw GraphBreak(BreakId::PythonException,
                         "Can't instantiate abstract class " + typeName(type));
    return std::make_shared<NewObjectValue>(cls->object, cls->source);
}

ValuePtr Tracer::instantiate(const ValuePtr &cls, std::vector<ValuePtr> &args,
                             std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    PyObject *type = cls->object.get();
    std::string name = typeName(type);
    if (PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(type),
                         reinterpret_cast<PyTypeObject *>(py::moduleType()))) {
        // A subclass whose construction runs only torch.nn's own code (no __init__, __new__ or
        // __setattr__ of its own) is made now, on constants, as a torch.nn module is; one that
        // owns parameters or buffers breaks there.
        if (!madeByTorchOnly(type) || !allConstant(args, kwargs))
            throw GraphBreak(BreakId::UnsupportedCall,
                             "instantiating " + name + " (an nn.Module)");
        return makeLibraryModule(cls, args, kwargs);
    }
    if (!plainPythonClass(type))
        return nullptr;
    auto attrSource = [&](const char *attr) {
        return cls->source ? Source::attr(cls->source, attr) : nullptr;
    };
    PyObject *newFn = classLookup(type, "__new__");
    PyObject *initFn = classLookup(type, "__init__");
    ValuePtr self;
    if (newFn == objectSlot("__new__")) {
        if (extraArgs(args, 0, kwargs) && initFn == objectSlot("__init__"))
            throw GraphBreak(BreakId::PythonException, name + "() takes no arguments");
        self = makeNewObject(cls);
    } else if (newFn && Py_TYPE(newFn) == &PyStaticMethod_Type) {
        PyRef fn = descriptorFunction(newFn, "__func__");
        if (!fn || !PyFunction_Check(fn.get()))
            throw GraphBreak(BreakId::UnsupportedCall, "instantiating " + name + ": C __new__");
        std::vector<ValuePtr> newArgs{cls};
        newArgs.insert(newArgs.end(), args.begin(), args.end());
        self = call(userFunction(fn.get(), attrSource("__new__")), std::move(newArgs), kwargs);
        // type.__call__ runs __init__ only on an instance of the class.
        PyObject *made = self->pythonType();
        if (!made || !PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(made),
                                       reinterpret_cast<PyTypeObject *>(type)))
            return self;
    } else {
        throw GraphBreak(BreakId::UnsupportedCall, "instantiating " + name + ": C __new__");
    }
    if (initFn == objectSlot("__init__"))
        return self;
    if (!initFn || !PyFunction_Check(initFn))
        throw GraphBreak(BreakId::UnsupportedCall, "instantiating " + name + ": C __init__");
    std::vector<ValuePtr> initArgs{self};
    initArgs.insert(initArgs.end(), args.begin(), args.end());
    ValuePtr r =
        call(userFunction(initFn, attrSource("__init__")), std::move(initArgs), std::move(kwargs));
    if (!r->isNone())
        throw GraphBreak(BreakId::PythonException, "__init__() should return None");
    return self;
}

ValuePtr Tracer::callObjectSlot(PyObject *slot, std::vector<ValuePtr> &args,
                                std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    if (slot == objectSlot("__new__")) {
        // object.__new__(cls, ...): extra arguments are an error where cls overrides __new__
        // or leaves __init__ to object (object_new's rule).
        if (args.empty() || !args[0]->isConstant() || !PyType_Check(args[0]->object.get()))
            return nullptr;
        PyObject *type = args[0]->object.get();
        if (extraArgs(args, 1, kwargs) && (classLookup(type, "__new__") != objectSlot("__new__") ||
                                           classLookup(type, "__init__") == objectSlot("__init__")))
            throw GraphBreak(BreakId::PythonException,
                             "object.__new__() takes exactly one argument");
        return makeNewObject(args[0]);
    }
    if (slot == objectSlot("__init__")) {
        // object.__init__(self): nothing to do; extra arguments follow object_init's rule.
        if (args.empty())
            return nullptr;
        PyObject *type = args[0]->pythonType();
        if (type && extraArgs(args, 1, kwargs) &&
            (classLookup(type, "__init__") != objectSlot("__init__") ||
             classLookup(type, "__new__") == objectSlot("__new__")))
            throw GraphBreak(BreakId::PythonException,
                             "object.__init__() takes exactly one argument");
        return type ? Value::constant(Py_None) : nullptr;
    }
    if (slot == objectSlot("__setattr__")) {
        bool existing = args.size() == 3 && args[0]->kind == K::UserObject && args[0]->object;
        if (args.size() != 3 || !kwargs.empty() || (args[0]->kind != K::NewObject && !existing))
            return nullptr;
        PyRef attr = constantOf(args[1], "attribute name");
        if (!PyUnicode_Check(attr.get()))
            throw GraphBreak(BreakId::PythonException, "attribute name must be string");
        if (existing)
            storeAttr(args[0], PyUnicode_AsUTF8(attr.get()), args[2], true);
        else
            storeNewObjectAttr(args[0], PyUnicode_AsUTF8(attr.get()), args[2], true);
        return Value::constant(Py_None);
    }
    return nullptr;
}

bool Tracer::isObjectSlot(PyObject *o) {
    return o && (o == objectSlot("__new__") || o == objectSlot("__init__") ||
                 o == objectSlot("__setattr__"));
}

// A class attribute `descr` found for `self` (an instance of `cls`), bound as CPython binds it:
// functions to the instance, class methods to the class, static methods unbound; other
// descriptors break, plain values are read (guarded through the class's source).
ValuePtr Tracer::bindClassAttr(const ValuePtr &self, const ValuePtr &cls, PyObject *descr,
                               const std::string &name) {
    SourcePtr src = cls->source ? Source::attr(cls->source, name) : nullptr;
    std::string where = typeName(cls->object.get()) + "." + name;
    if (PyFunction_Check(descr)) {
        userFunction(descr, src); // the guard on its code
        return std::make_shared<MethodValue>(K::BoundMethod, self, name, PyRef::borrow(descr));
    }
    if (Py_TYPE(descr) == &PyStaticMethod_Type || Py_TYPE(descr) == &PyClassMethod_Type) {
        PyRef fn = descriptorFunction(descr, "__func__");
        if (!fn || !PyFunction_Check(fn.get()))
            throw GraphBreak(BreakId::UnsupportedAttribute, where + " (a C function)");
        if (Py_TYPE(descr) == &PyStaticMethod_Type)
            return userFunction(fn.get(), src);
        userFunction(fn.get(), src ? Source::attr(src, "__func__") : nullptr);
        return std::make_shared<MethodValue>(K::BoundMethod, cls, name, fn);
    }
    if (Py_TYPE(descr)->tp_descr_get)
        throw GraphBreak(BreakId::UnsupportedAttribute, where + " (a descriptor)");
    return src ? wrap(descr, src) : wrapUnguarded(descr);
}

ValuePtr Tracer::newObjectAttr(const ValuePtr &obj, const std::string &name) {
    auto *made = obj->as<NewObjectValue>();
    PyObject *type = made->cls.get();
    ValuePtr cls = Value::constant(made->cls);
    cls->source = made->classSource;
    if (name == "__class__")
        return cls;
    if (name == "__dict__")
        throw GraphBreak(BreakId::UnsupportedAttribute, "__dict__ of a new " + typeName(type));
    if (classLookup(type, "__getattribute__") != objectSlot("__getattribute__"))
        throw GraphBreak(BreakId::UnsupportedAttribute, typeName(type) + ".__getattribute__");
    PyObject *descr = classLookup(type, name);
    PyRef hold = PyRef::borrow(descr);
    if (descr && Py_TYPE(descr)->tp_descr_set) {
        if (PyObject_TypeCheck(descr, &PyProperty_Type)) {
            PyRef fget = descriptorFunction(descr, "fget");
            // An AttributeError from the getter sends CPython on to __getattr__: a break.
            if (fget && PyFunction_Check(fget.get()))
                return sealRaises(
                    [&] { return call(userFunction(fget.get(), nullptr), {obj}, {}); },
                    PyExc_AttributeError);
            if (!fget || fget.get() == Py_None)
                throw GraphBreak(BreakId::PythonException, "unreadable attribute " + name);
            throw GraphBreak(BreakId::UnsupportedAttribute, typeName(type) + "." + name);
        }
        if (Py_TYPE(descr) != &PyMemberDescr_Type)
            throw GraphBreak(BreakId::UnsupportedAttribute,
                             typeName(type) + "." + name + " (a data descriptor)");
        if (ValuePtr v = made->attr(name)) // a __slots__ member
            return v;
    } else {
        if (ValuePtr v = made->attr(name))
            return v;
        if (descr)
            return bindClassAttr(obj, cls, descr, name);
    }
    // Neither the instance nor the class has it: a class that gains it later must not reuse
    // this trace (the class's identity guard does not cover its contents).
    if (made->classSource)
        addGuard(Guard::hasAttr(made->classSource, name, false));
    PyObject *getattrFn = classLookup(type, "__getattr__");
    if (getattrFn && PyFunction_Check(getattrFn))
        return call(userFunction(getattrFn, nullptr),
                    {obj, Value::constant(PyRef::steal(PyUnicode_FromString(name.c_str())))}, {});
    if (getattrFn)
        throw GraphBreak(BreakId::UnsupportedAttribute, typeName(type) + ".__getattr__");
    throw GraphBreak(BreakId::PythonException,
                     "'" + typeName(type) + "' object has no attribute '" + name + "'");
}

void Tracer::storeNewObjectAttr(const ValuePtr &obj, const std::string &name, ValuePtr value,
                                bool viaObjectSetattr) {
    auto *made = obj->as<NewObjectValue>();
    PyObject *type = made->cls.get();
    PyObject *setattr = viaObjectSetattr ? nullptr : classLookup(type, "__setattr__");
    if (setattr && setattr != objectSlot("__setattr__")) {
        // The class's Python __setattr__, inlined; its object.__setattr__ comes back here.
        if (!PyFunction_Check(setattr))
            throw GraphBreak(BreakId::SideEffect, typeName(type) + ".__setattr__ on a new object");
        callSetattr(setattr, obj, name, std::move(value));
        return;
    }
    if (!storeThroughClass(type, obj, name, value))
        made->setAttr(name, std::move(value));
}

void Tracer::callSetattr(PyObject *setattr, const ValuePtr &obj, const std::string &name,
                         ValuePtr value) {
    call(userFunction(setattr, nullptr),
         {obj, Value::constant(PyRef::steal(PyUnicode_FromString(name.c_str()))), std::move(value)},
         {});
}

bool Tracer::storeThroughClass(PyObject *type, const ValuePtr &obj, const std::string &name,
                               ValuePtr &value) {
    PyObject *descr = classLookup(type, name);
    PyRef hold = PyRef::borrow(descr);
    if (descr && Py_TYPE(descr)->tp_descr_set) {
        if (PyObject_TypeCheck(descr, &PyProperty_Type)) {
            PyRef fset = descriptorFunction(descr, "fset");
            if (fset && PyFunction_Check(fset.get())) {
                call(userFunction(fset.get(), nullptr), {obj, std::move(value)}, {});
                return true;
            }
            if (!fset || fset.get() == Py_None)
                throw GraphBreak(BreakId::PythonException, "can't set attribute " + name);
            throw GraphBreak(BreakId::SideEffect, typeName(type) + "." + name + " setter");
        }
        if (Py_TYPE(descr) != &PyMemberDescr_Type) {
            // A descriptor class written in Python: its __set__ inlined (its class is a heap
            // type the lookup guards; the descriptor object itself is held by the class).
            static PyObject *setName = PyUnicode_InternFromString("__set__");
            PyObject *setFn = _PyType_Lookup(Py_TYPE(descr), setName); // borrowed
            if (setFn && PyFunction_Check(setFn)) {
                call(userFunction(setFn, nullptr), {wrapUnguarded(descr), obj, std::move(value)},
                     {});
                return true;
            }
            throw GraphBreak(BreakId::SideEffect,
                             typeName(type) + "." + name + " (a data descriptor)");
        }
    } else if (reinterpret_cast<PyTypeObject *>(type)->tp_dictoffset == 0 &&
               reinterpret_cast<PyTypeObject *>(type)->tp_setattro == PyObject_GenericSetAttr) {
        // (A C type with its own setattro, as threading.local, keeps attributes its own way.)
        throw GraphBreak(BreakId::PythonException,
                         "'" + typeName(type) + "' object has no attribute '" + name + "'");
    }
    return false;
}

PyObject *Tracer::classDunder(const ValuePtr &v, const char *name) {
    bool user = v->kind == K::NewObject || (v->kind == K::UserObject && v->object);
    return user ? classLookup(v->pythonType(), name) : nullptr;
}

ValuePtr Tracer::callClassDunder(const ValuePtr &v, const char *name, std::vector<ValuePtr> rest) {
    PyObject *fn = classDunder(v, name);
    if (!fn || !PyFunction_Check(fn))
        return nullptr;
    rest.insert(rest.begin(), v);
    return call(userFunction(fn, nullptr), std::move(rest), {});
}

ValuePtr Tracer::userLength(const ValuePtr &v) {
    ValuePtr r = callClassDunder(v, "__len__");
    if (!r)
        return nullptr;
    PyRef n = constantOf(r, "__len__ result");
    if (!PyLong_Check(n.get()) || PyLong_AsSsize_t(n.get()) < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "__len__ should return an int >= 0");
    }
    return Value::constant(n);
}

// a <op> b where an operand is a user object: its class's Python dunder, in CPython's order
// (a.__iop__, then a.__op__, then b.__rop__, the reflected one first when b's class is a proper
// subclass of a's); null when neither operand is a user object.
ValuePtr Tracer::userBinaryOp(const std::string &op, bool inplace, const ValuePtr &a,
                              const ValuePtr &b) {
    auto isUser = [](const ValuePtr &v) {
        return v->kind == K::NewObject || (v->kind == K::UserObject && v->object);
    };
    if (!isUser(a) && !isUser(b))
        return nullptr;
    // An existing object whose class does the operator in C (a frozenset, an enum flag): the
    // constant path computes it; only an object made in the trace has no value to compute on.
    auto cSlot = [&](const ValuePtr &v, const std::string &dunder) {
        PyObject *fn = v->kind == K::UserObject ? classDunder(v, dunder.c_str()) : nullptr;
        return fn && !PyFunction_Check(fn);
    };
    if (cSlot(a, "__" + op + "__") || cSlot(b, "__r" + op + "__") ||
        (inplace && cSlot(a, "__i" + op + "__")))
        return nullptr;
    auto tryDunder = [&](const ValuePtr &self, const ValuePtr &other,
                         const std::string &dunder) -> ValuePtr {
        PyObject *fn = classDunder(self, dunder.c_str());
        if (!fn)
            return nullptr;
        if (!PyFunction_Check(fn))
            throw GraphBreak(BreakId::UnsupportedCall, typeName(self->pythonType()) + "." + dunder);
        ValuePtr r = call(userFunction(fn, nullptr), {self, other}, {});
        return r->object.get() == Py_NotImplemented ? nullptr : r; // a constant or a builtins read
    };
    PyObject *ta = a->pythonType(), *tb = b->pythonType();
    bool reflectedFirst = ta && tb && ta != tb &&
                          PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(tb),
                                           reinterpret_cast<PyTypeObject *>(ta));
    if (inplace)
        if (ValuePtr r = tryDunder(a, b, "__i" + op + "__"))
            return r;
    if (reflectedFirst)
        if (ValuePtr r = tryDunder(b, a, "__r" + op + "__"))
            return r;
    if (ValuePtr r = tryDunder(a, b, "__" + op + "__"))
        return r;
    if (!reflectedFirst && ta != tb)
        if (ValuePtr r = tryDunder(b, a, "__r" + op + "__"))
            return r;
    throw GraphBreak(BreakId::PythonException, "unsupported operand type(s) for " + op);
}

// a <op> b (op: COMPARE_OP's argument, Py_LT…Py_GE) where a user object takes part, as CPython's
// do_richcompare runs it: the reflected method first when b's class is a proper subclass of a's,
// then a's, then b's reflected. A Python dunder is inlined; object's own answers as object does
// (== by identity, != as the negated ==, an ordering NotImplemented); None, numbers and strings
// answer NotImplemented to a user object. Both NotImplemented: == and != by identity, an
// ordering CPython's TypeError (a break). Null when no user object takes part, the other
// operand is another kind of value, or a class compares in C (the caller's constant path).
ValuePtr Tracer::userCompare(int op, const ValuePtr &a, const ValuePtr &b) {
    static const char *names[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
    static const int swapped[] = {Py_GT, Py_GE, Py_EQ, Py_NE, Py_LT, Py_LE};
    auto userType = [](const ValuePtr &v) -> PyObject * {
        bool user = v->kind == K::NewObject ||
                    ((v->kind == K::UserObject || v->kind == K::NNModule) && v->object);
        return user ? v->pythonType() : nullptr;
    };
    auto plain = [](const ValuePtr &v) {
        PyObject *o = v->isConstant() ? v->object.get() : nullptr;
        return o && (o == Py_None || PyBool_Check(o) || PyLong_CheckExact(o) ||
                     PyFloat_CheckExact(o) || PyUnicode_CheckExact(o));
    };
    PyObject *ta = userType(a), *tb = userType(b);
    if (op < Py_LT || op > Py_GE || (!ta && !tb) || (!ta && !plain(a)) || (!tb && !plain(b)))
        return nullptr;
    // Whether CPython would run only Python code or object's own slots for `o` on `type`.
    std::function<bool(PyObject *, int)> modelled = [&](PyObject *type, int o) {
        PyObject *fn = classLookup(type, names[o]);
        if (fn && fn == objectSlot(names[o]))
            return o != Py_NE || modelled(type, Py_EQ);
        return fn && PyFunction_Check(fn);
    };
    for (int o : {op, swapped[op]})
        if ((ta && !modelled(ta, o)) || (tb && !modelled(tb, o)))
            return nullptr;
    auto identical = [&]() {
        if (a->kind == K::NewObject || b->kind == K::NewObject)
            return a == b;
        if (!ta || !tb)
            return false;
        m_identityTested = true; // the object aliasing guard keeps the answer for the entry
        return a->object.get() == b->object.get();
    };
    // self's class answering `o` against other; null for NotImplemented.
    std::function<ValuePtr(const ValuePtr &, PyObject *, const ValuePtr &, int)> answer =
        [&](const ValuePtr &self, PyObject *type, const ValuePtr &other, int o) -> ValuePtr {
        PyObject *fn = classLookup(type, names[o]);
        if (fn == objectSlot(names[o])) {
            if (o == Py_EQ)
                return identical() ? Value::constant(Py_True) : nullptr;
            if (o != Py_NE)
                return nullptr;
            ValuePtr eq = answer(self, type, other, Py_EQ);
            return eq ? Value::constant(truthOf(eq) ? Py_False : Py_True) : nullptr;
        }
        ValuePtr r = call(userFunction(fn, nullptr), {self, other}, {});
        return r->object.get() == Py_NotImplemented ? nullptr : r; // a constant or a builtins read
    };
    bool reflectedFirst = ta && tb && ta != tb &&
                          PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(tb),
                                           reinterpret_cast<PyTypeObject *>(ta));
    if (reflectedFirst)
        if (ValuePtr r = answer(b, tb, a, swapped[op]))
            return r;
    if (ta)
        if (ValuePtr r = answer(a, ta, b, op))
            return r;
    if (!reflectedFirst && tb)
        if (ValuePtr r = answer(b, tb, a, swapped[op]))
            return r;
    if (op == Py_EQ || op == Py_NE)
        return Value::constant((identical() == (op == Py_EQ)) ? Py_True : Py_False);
    throw GraphBreak(BreakId::PythonException,
                     std::string("'") + names[op] + "' not supported between these instances");
}

} // namespace dynascope
