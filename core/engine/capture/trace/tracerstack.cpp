// Handlers for stack shuffling, constants, locals, globals, cells and attributes.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {
std::string nameAt(PyObject *code, const char *table, int i) {
    PyRef t = PyRef::steal(PyObject_GetAttrString(code, table));
    PyObject *n = t ? PyTuple_GetItem(t.get(), i) : nullptr;
    if (!n) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnknownValue, std::string("bad index into ") + table);
    }
    return PyUnicode_AsUTF8(n);
}
} // namespace

void Tracer::op_NOP(const CodeInstruction &) {}
void Tracer::op_RESUME(const CodeInstruction &) {}
void Tracer::op_CACHE(const CodeInstruction &) {}
void Tracer::op_EXTENDED_ARG(const CodeInstruction &) {}

void Tracer::op_POP_TOP(const CodeInstruction &) {
    pop();
}
void Tracer::op_PUSH_NULL(const CodeInstruction &) {
    push(Value::null());
}

void Tracer::op_COPY(const CodeInstruction &ins) {
    if (ins.arg < 1 || ins.arg > static_cast<int>(frame().stack.size()))
        throw GraphBreak(BreakId::UnknownValue, "COPY past the stack");
    push(top(ins.arg));
}

void Tracer::op_SWAP(const CodeInstruction &ins) {
    if (ins.arg < 1 || ins.arg > static_cast<int>(frame().stack.size()))
        throw GraphBreak(BreakId::UnknownValue, "SWAP past the stack");
    std::swap(top(1), top(ins.arg));
}

void Tracer::op_LOAD_CONST(const CodeInstruction &ins) {
    auto *code = reinterpret_cast<PyCodeObject *>(frame().view->code());
    push(wrapUnguarded(PyTuple_GetItem(code->co_consts, ins.arg)));
}

void Tracer::op_LOAD_FAST(const CodeInstruction &ins) {
    Frame &f = frame();
    ValuePtr v = f.root ? rootLocal(ins.arg) : f.locals.at(ins.arg);
    if (!v || v->kind == Value::Kind::Null)
        throw GraphBreak(BreakId::PythonException, "local '" + f.view->slotNames()[ins.arg] +
                                                       "' referenced before assignment");
    push(v);
}

void Tracer::op_STORE_FAST(const CodeInstruction &ins) {
    frame().locals.at(ins.arg) = pop();
}

void Tracer::op_DELETE_FAST(const CodeInstruction &ins) {
    Frame &f = frame();
    ValuePtr v = f.root ? rootLocal(ins.arg) : f.locals.at(ins.arg);
    if (!v || v->kind == Value::Kind::Null)
        throw GraphBreak(BreakId::PythonException, "local '" + f.view->slotNames()[ins.arg] +
                                                       "' referenced before assignment");
    // A NULL value: unbound from now on (the exit rebuilds the slot as empty).
    f.locals.at(ins.arg) = f.root ? Value::null() : nullptr;
}

// `import m` / `from m import x` of a module that is already imported: the module object, with no
// import side effect left to run (anything else is a break, as Dynamo does).
void Tracer::op_IMPORT_NAME(const CodeInstruction &ins) {
    Frame &f = frame();
    std::string name = nameAt(f.view->code(), "co_names", ins.arg);
    ValuePtr fromlist = pop();
    ValuePtr level = pop();
    PyRef levelObj = constantOf(level, "import level");
    PyRef fromObj = constantOf(fromlist, "import fromlist");
    if (PyLong_AsLong(levelObj.get()) != 0)
        throw GraphBreak(BreakId::UnsupportedOpcode, "relative import of " + name);
    PyObject *modules = PyImport_GetModuleDict();
    if (!PyDict_GetItemString(modules, name.c_str()))
        throw GraphBreak(BreakId::UnsupportedOpcode,
                         "IMPORT_NAME of " + name + " (not imported yet)");
    PyRef nameObj = PyRef::steal(PyUnicode_FromString(name.c_str()));
    PyRef module = PyRef::steal(PyImport_ImportModuleLevelObject(nameObj.get(), f.globals.get(),
                                                                 nullptr, fromObj.get(), 0));
    if (!module) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "import of " + name + " raises");
    }
    push(wrapUnguarded(module.get()));
}

void Tracer::op_IMPORT_FROM(const CodeInstruction &ins) {
    std::string name = nameAt(frame().view->code(), "co_names", ins.arg);
    push(getAttr(top(), name));
}

// Where a global of the current frame is read from: G['name'] for the compiled function's own
// module, the inlined function's __globals__ item for another module's (null: not guardable).
SourcePtr Tracer::globalSource(const std::string &name) {
    Frame &f = frame();
    if (f.globals.get() == m_start.globals)
        return Source::global(name);
    if (f.functionSource)
        return Source::item(Source::attr(f.functionSource, "__globals__"),
                            PyRef::steal(PyUnicode_FromString(name.c_str())));
    return nullptr;
}

void Tracer::op_LOAD_GLOBAL(const CodeInstruction &ins) {
    Frame &f = frame();
    std::string name = nameAt(f.view->code(), "co_names", ins.arg >> 1);
    if (ins.arg & 1)
        push(Value::null());
    auto over = m_attrs.find({f.globals.get(), name});
    // A global the trace deleted (a NULL marker) falls through to the builtins, as in CPython.
    bool deleted = over != m_attrs.end() && over->second->kind == Value::Kind::Null;
    if (over != m_attrs.end() && !deleted) {
        push(over->second);
        return;
    }
    PyObject *v = deleted ? nullptr : PyDict_GetItemString(f.globals.get(), name.c_str());
    SourcePtr src;
    if (v) {
        // Globals of inlined functions from other modules: guarded through __globals__.
        src = globalSource(name);
    } else {
        v = PyDict_GetItemString(f.builtins.get(), name.c_str());
        if (!v)
            throw GraphBreak(BreakId::PythonException, "name '" + name + "' is not defined");
        // Read as G[name] in the function's own module (a global that comes to shadow the
        // builtin then fails its guard); a name the trace deleted is the builtin itself.
        src = !deleted && f.globals.get() == m_start.globals ? Source::global(name)
                                                             : Source::builtin(name);
    }
    push(wrap(v, src));
}

// A class statement: builtins.__build_class__ is pushed like any builtin; calling it is a break
// at that CALL (as in Dynamo), so the code before and after the statement still compiles.
void Tracer::op_LOAD_BUILD_CLASS(const CodeInstruction &) {
    push(wrapUnguarded(py::builtin("__build_class__")));
}

void Tracer::op_STORE_GLOBAL(const CodeInstruction &ins) {
    Frame &f = frame();
    std::string name = nameAt(f.view->code(), "co_names", ins.arg);
    storeGlobal(f.globals, name, pop());
}

// `del name` of a global: later reads in the trace see it gone (a NULL marker in the overrides),
// and the delete is replayed after the graph, in order with the stores. A global the trace did
// not store is guarded to exist (its type), so the replayed delete cannot miss; deleting a name
// that is not there is the NameError CPython raises, left to CPython (a break).
void Tracer::op_DELETE_GLOBAL(const CodeInstruction &ins) {
    Frame &f = frame();
    std::string name = nameAt(f.view->code(), "co_names", ins.arg);
    deleteGlobal(f.globals, name, [&] { return globalSource(name); });
}

void Tracer::storeGlobal(const PyRef &globals, const std::string &name, ValuePtr v) {
    m_attrs[{globals.get(), name}] = v;
    recordSideEffect({SideEffect::Kind::SetGlobal, Value::ofKind(Value::Kind::UserObject, globals),
                      name, nullptr, std::move(v)});
}

void Tracer::deleteGlobal(const PyRef &globals, const std::string &name,
                          const std::function<SourcePtr()> &source) {
    auto over = m_attrs.find({globals.get(), name});
    if (over != m_attrs.end()) {
        if (over->second->kind == Value::Kind::Null)
            throw GraphBreak(BreakId::PythonException, "name '" + name + "' is not defined");
    } else {
        PyObject *v = PyDict_GetItemString(globals.get(), name.c_str());
        if (!v)
            throw GraphBreak(BreakId::PythonException, "name '" + name + "' is not defined");
        SourcePtr src = source();
        if (!src)
            throw GraphBreak(BreakId::SideEffect,
                             "deleting global '" + name + "' of an unknown module");
        addGuard(Guard::typeMatch(src, v));
    }
    m_attrs[{globals.get(), name}] = Value::null();
    recordSideEffect({SideEffect::Kind::DeleteGlobal,
                      Value::ofKind(Value::Kind::UserObject, globals), name, nullptr,
                      Value::constant(Py_None)});
}

void Tracer::op_LOAD_ATTR(const CodeInstruction &ins) {
    std::string name = nameAt(frame().view->code(), "co_names", ins.arg);
    ValuePtr obj = pop();
    push(getAttr(obj, name));
}

void Tracer::op_LOAD_METHOD(const CodeInstruction &ins) {
    std::string name = nameAt(frame().view->code(), "co_names", ins.arg);
    ValuePtr obj = pop();
    // CPython pushes [method, self] or [NULL, attribute]; CALL treats both alike, and
    // [NULL, bound attribute] is what this tracer can rebuild if the frame resumes here.
    ValuePtr attr = getAttr(obj, name);
    push(Value::null());
    push(attr);
}

void Tracer::op_STORE_ATTR(const CodeInstruction &ins) {
    std::string name = nameAt(frame().view->code(), "co_names", ins.arg);
    ValuePtr owner = pop();
    ValuePtr value = pop();
    storeAttr(owner, name, std::move(value), false);
}

void Tracer::storeAttr(const ValuePtr &owner, const std::string &name, ValuePtr value,
                       bool viaObjectSetattr) {
    if (owner->kind == Value::Kind::NestedFunction && name == "__name__" && value->isConstant() &&
        PyUnicode_Check(value->object.get())) {
        // A function made in the trace renamed (functools.wraps-like code): kept for its rebuild.
        owner->as<NestedFunctionValue>()->name = PyUnicode_AsUTF8(value->object.get());
        return;
    }
    if (owner->kind == Value::Kind::NewObject) {
        storeNewObjectAttr(owner, name, std::move(value));
        return;
    }
    if (owner->kind == Value::Kind::PyModule && owner->object &&
        PyModule_CheckExact(owner->object.get())) {
        // mod.name = v is a store into the module's globals, the dict its functions read.
        storeGlobal(PyRef::borrow(PyModule_GetDict(owner->object.get())), name, std::move(value));
        return;
    }
    if (owner->kind == Value::Kind::Tensor && name == "grad") {
        storeTensorGrad(owner, value);
        return;
    }
    if (owner->kind == Value::Kind::Tensor &&
        (value->isConstant() || value->kind == Value::Kind::Tensor) &&
        !PyObject_HasAttrString(py::tensorType(), name.c_str())) {
        // A Python attribute of a tensor (x.flag = True): written on the tensor after the graph,
        // the input's or the graph output's. Reading it back in the trace is a break (the tensor
        // value does not carry it).
        recordSideEffect({SideEffect::Kind::SetAttr, owner, name, nullptr, value});
        return;
    }
    // An instance of a tuple subclass passed in (a named tuple's subclass has a __dict__) takes
    // attribute stores as any object does: written on it after the graph, read back meanwhile.
    bool tupleWithDict = owner->kind == Value::Kind::Tuple && owner->object && owner->source &&
                         Py_TYPE(owner->object.get())->tp_dictoffset != 0;
    if ((owner->kind != Value::Kind::UserObject && owner->kind != Value::Kind::NNModule &&
         !tupleWithDict) ||
        !owner->object)
        throw GraphBreak(BreakId::SideEffect, "STORE_ATTR on " + owner->describe());
    if (owner->kind == Value::Kind::NNModule && value->kind == Value::Kind::Tensor) {
        // Replayed through nn.Module.__setattr__ after the graph: a plain attribute, or a
        // buffer's new value. Over a parameter or a child module that store raises TypeError:
        // left to CPython, and the names of both are guarded for the calls that reuse the trace.
        for (const char *dictName : {"_parameters", "_modules"}) {
            PyObject **dictPtr = _PyObject_GetDictPtr(owner->object.get());
            PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, dictName) : nullptr;
            if (!d || !PyDict_Check(d) || PyDict_GetItemString(d, name.c_str()))
                throw GraphBreak(BreakId::SideEffect,
                                 "assigning a tensor attribute of an nn.Module over one of its " +
                                     std::string(dictName));
            if (owner->source)
                addGuard(Guard::dictKeys(Source::attr(owner->source, dictName), d));
        }
    }
    // The class decides where the value goes: its own __setattr__ (a break), a property's setter
    // (inlined), a slot; only a plain instance attribute is the store recorded here.
    PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(owner->object.get()));
    static PyObject *setattrName = PyUnicode_InternFromString("__setattr__");
    PyObject *setattr = classLookup(type, "__setattr__");
    PyObject *plainSetattr = _PyType_Lookup(
        reinterpret_cast<PyTypeObject *>(owner->kind == Value::Kind::NNModule
                                             ? py::moduleType()
                                             : reinterpret_cast<PyObject *>(&PyBaseObject_Type)),
        setattrName);
    // threading.local's own __setattr__ stores into the calling thread's dict: a plain store
    // for the trace, which runs on that thread.
    static PyObject *threadLocalSetattr = [] {
        PyRef mod = PyRef::steal(PyImport_ImportModule("_thread"));
        PyRef local = mod ? PyRef::steal(PyObject_GetAttrString(mod.get(), "_local")) : PyRef();
        PyErr_Clear();
        return local && PyType_Check(local.get())
                   ? _PyType_Lookup(reinterpret_cast<PyTypeObject *>(local.get()), setattrName)
                   : nullptr;
    }();
    if (!viaObjectSetattr && setattr != plainSetattr &&
        !(setattr && setattr == threadLocalSetattr)) {
        // A user class's Python __setattr__ runs as CPython runs it (inlined; its own
        // object.__setattr__ / super().__setattr__ comes back here as the plain store).
        if (owner->kind == Value::Kind::UserObject && setattr && PyFunction_Check(setattr)) {
            callSetattr(setattr, owner, name, std::move(value));
            return;
        }
        throw GraphBreak(BreakId::SideEffect,
                         std::string(Py_TYPE(owner->object.get())->tp_name) + ".__setattr__");
    }
    if (storeThroughClass(type, owner, name, value))
        return;
    if (const ContainerValue *held = instanceDictValue(owner->object.get())) {
        // The trace holds obj.__dict__ as a dict value: the store goes into it (attribute reads
        // look there too), written back in place after the graph.
        auto *dict = const_cast<ContainerValue *>(held)->tryAs<DictValue>();
        if (!dict || !dict->source)
            throw GraphBreak(BreakId::SideEffect,
                             "STORE_ATTR on an object whose __dict__ the trace holds");
        dict->store(PyRef::steal(PyUnicode_FromString(name.c_str())), nullptr, std::move(value));
        dict->mutated = true;
        return;
    }
    m_attrs[{owner->object.get(), name}] = value;
    SideEffect store{SideEffect::Kind::SetAttr, owner, name, nullptr, value};
    // Through object.__setattr__ past a class's own: replayed the same way. (An nn.Module's
    // store always goes through Module.__setattr__, which keeps _parameters/_buffers right.)
    store.plain = viaObjectSetattr && owner->kind == Value::Kind::UserObject;
    recordSideEffect(std::move(store));
}

void Tracer::op_MAKE_CELL(const CodeInstruction &ins) {
    Frame &f = frame();
    if (f.root)
        return; // the runtime made the root frame's cells before tracing
    auto cell = std::make_shared<CellValue>();
    cell->contents = f.locals.at(ins.arg);
    f.locals.at(ins.arg) = cell;
}

void Tracer::op_COPY_FREE_VARS(const CodeInstruction &) {
    // Done by inlineCall (closure cells placed in the free slots) or by the runtime (root).
}

void Tracer::op_LOAD_CLOSURE(const CodeInstruction &ins) {
    Frame &f = frame();
    push(f.root ? rootLocal(ins.arg) : f.locals.at(ins.arg));
}

void Tracer::op_LOAD_DEREF(const CodeInstruction &ins) {
    Frame &f = frame();
    ValuePtr cell = f.root ? rootLocal(ins.arg) : f.locals.at(ins.arg);
    if (!cell || cell->kind != Value::Kind::Cell)
        throw GraphBreak(BreakId::UnknownValue, "LOAD_DEREF of a non-cell");
    push(loadCell(cell));
}

void Tracer::op_STORE_DEREF(const CodeInstruction &ins) {
    Frame &f = frame();
    ValuePtr cell = f.root ? rootLocal(ins.arg) : f.locals.at(ins.arg);
    if (!cell || cell->kind != Value::Kind::Cell)
        throw GraphBreak(BreakId::UnknownValue, "STORE_DEREF of a non-cell");
    storeCell(cell, pop());
}

ValuePtr Tracer::loadCell(const ValuePtr &cell) {
    if (!cell->object) {
        const ValuePtr &contents = cell->as<CellValue>()->contents;
        if (!contents)
            throw GraphBreak(BreakId::PythonException,
                             "free variable referenced before assignment");
        return contents;
    }
    auto over = m_attrs.find({cell->object.get(), "cell_contents"});
    if (over != m_attrs.end())
        return over->second;
    PyObject *v = PyCell_GET(cell->object.get());
    if (!v)
        throw GraphBreak(BreakId::PythonException, "free variable referenced before assignment");
    return wrap(v,
                cell->source ? Source::cellContents(cell->source, cell->source->name()) : nullptr);
}

void Tracer::storeCell(const ValuePtr &cell, ValuePtr value) {
    if (!cell->object) {
        cell->as<CellValue>()->contents = std::move(value);
        return;
    }
    m_attrs[{cell->object.get(), "cell_contents"}] = value;
    recordSideEffect({SideEffect::Kind::SetCell, cell, "", nullptr, value});
}

} // namespace dynascope
