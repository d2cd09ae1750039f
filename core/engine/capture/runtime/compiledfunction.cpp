// CompiledFunction: a small C type holding fn, its code object and the capture target.
#include "runtime/compiledfunction.h"

#include "runtime/framehook.h"

#include <structmember.h>

namespace dynascope {

namespace {

struct CompiledFunctionObject {
    PyObject_HEAD PyObject *fn;
    PyObject *code;
    PyObject *dict;
    CaptureTarget *target;
};

// The code object whose frame the call reaches: fn's own, a method's function's, or __call__'s.
PyObject *targetCode(PyObject *fn) {
    // functools.partial: the frame the call reaches is its function's.
    if (std::string(Py_TYPE(fn)->tp_name) == "functools.partial") {
        PyRef inner = PyRef::steal(PyObject_GetAttrString(fn, "func"));
        PyErr_Clear();
        return inner ? targetCode(inner.get()) : nullptr;
    }
    PyObject *f = fn;
    if (PyMethod_Check(f))
        f = PyMethod_GET_FUNCTION(f);
    if (PyFunction_Check(f))
        return PyFunction_GET_CODE(f);
    PyObject *call = PyObject_GetAttrString(reinterpret_cast<PyObject *>(Py_TYPE(fn)), "__call__");
    PyObject *code = nullptr;
    if (call && PyFunction_Check(call))
        code = PyFunction_GET_CODE(call);
    Py_XDECREF(call);
    PyErr_Clear();
    return code;
}

void dealloc(PyObject *self) {
    auto *o = reinterpret_cast<CompiledFunctionObject *>(self);
    PyObject_GC_UnTrack(self);
    Py_CLEAR(o->fn);
    Py_CLEAR(o->code);
    Py_CLEAR(o->dict);
    delete o->target;
    Py_TYPE(self)->tp_free(self);
}

int traverse(PyObject *self, visitproc visit, void *arg) {
    auto *o = reinterpret_cast<CompiledFunctionObject *>(self);
    Py_VISIT(o->fn);
    Py_VISIT(o->dict);
    if (o->target)
        Py_VISIT(o->target->backend.get());
    return 0;
}

PyObject *call(PyObject *self, PyObject *args, PyObject *kwargs) {
    auto *o = reinterpret_cast<CompiledFunctionObject *>(self);
    if (!o->code)
        return PyObject_Call(o->fn, args, kwargs);
    return callUnderCapture(o->fn, o->code, *o->target, args, kwargs);
}

// Binding like a function, so a compiled function stored on a class becomes a method.
PyObject *descrGet(PyObject *self, PyObject *obj, PyObject *) {
    if (!obj || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

PyObject *getWrapped(PyObject *self, void *) {
    PyObject *fn = reinterpret_cast<CompiledFunctionObject *>(self)->fn;
    Py_INCREF(fn);
    return fn;
}

PyGetSetDef getset[] = {
    {"__wrapped__", getWrapped, nullptr, "the function being compiled", nullptr},
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

} // namespace

PyTypeObject *compiledFunctionType() {
    static PyTypeObject type = [] {
        PyTypeObject t{PyVarObject_HEAD_INIT(nullptr, 0)};
        t.tp_name = "_dynascope_capture.CompiledFunction";
        t.tp_basicsize = sizeof(CompiledFunctionObject);
        t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC;
        t.tp_dealloc = dealloc;
        t.tp_traverse = traverse;
        t.tp_call = call;
        t.tp_descr_get = descrGet;
        t.tp_getset = getset;
        t.tp_dictoffset = offsetof(CompiledFunctionObject, dict);
        t.tp_doc = "A function compiled by Dynascope's capture core.";
        return t;
    }();
    static bool ready = PyType_Ready(&type) == 0;
    (void)ready;
    return &type;
}

PyObject *newCompiledFunction(PyObject *fn, PyObject *backend, bool fullgraph, PyObject *dynamic) {
    PyTypeObject *type = compiledFunctionType();
    auto *o = PyObject_GC_New(CompiledFunctionObject, type);
    if (!o)
        return nullptr;
    Py_INCREF(fn);
    o->fn = fn;
    o->code = targetCode(fn);
    Py_XINCREF(o->code);
    o->dict = nullptr;
    o->target = new CaptureTarget;
    o->target->backend = PyRef::borrow(backend);
    o->target->fullgraph = fullgraph;
    o->target->mode = dynamic == nullptr || dynamic == Py_None ? ShapePolicy::Mode::Automatic
                      : PyObject_IsTrue(dynamic) == 1          ? ShapePolicy::Mode::Dynamic
                                                               : ShapePolicy::Mode::Static;
    PyObject_GC_Track(reinterpret_cast<PyObject *>(o));
    return reinterpret_cast<PyObject *>(o);
}

PyObject *newCacheOnlyFunction(PyObject *fn) {
    PyObject *inner = compiledFunctionInner(fn);
    const CaptureTarget *from =
        inner ? reinterpret_cast<CompiledFunctionObject *>(fn)->target : nullptr;
    PyObject *made = newCompiledFunction(inner ? inner : fn, from ? from->backend.get() : Py_None,
                                         from && from->fullgraph, Py_None);
    if (!made)
        return nullptr;
    CaptureTarget *target = reinterpret_cast<CompiledFunctionObject *>(made)->target;
    if (from)
        target->mode = from->mode;
    target->cacheOnly = true;
    return made;
}

PyObject *compiledFunctionInner(PyObject *object) {
    if (Py_TYPE(object) != compiledFunctionType())
        return nullptr;
    return reinterpret_cast<CompiledFunctionObject *>(object)->fn;
}

} // namespace dynascope
