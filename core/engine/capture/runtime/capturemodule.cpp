// _dynascope_capture: the module functions of the contract, on top of the registry and runner.
#include "runtime/capturemodule.h"

#include "python/pyref.h"
#include "runtime/coderecord.h"
#include "runtime/compiledfunction.h"
#include "runtime/nativekernels.h"
#include "runtime/regionrunner.h"
#include "trace/breakcatalogue.h"
#include "trace/captureconfig.h"
#include "trace/tracer.h"

#include <Python.h>

namespace dynascope {

namespace {

PyObject *optimize(PyObject *, PyObject *args, PyObject *kwargs) {
    static const char *keywords[] = {"fn", "backend", "fullgraph", "dynamic", nullptr};
    PyObject *fn = nullptr, *backend = nullptr, *dynamic = Py_None;
    int fullgraph = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|$pO:optimize", const_cast<char **>(keywords),
                                     &fn, &backend, &fullgraph, &dynamic))
        return nullptr;
    if (!PyCallable_Check(fn) || !PyCallable_Check(backend)) {
        PyErr_SetString(PyExc_TypeError, "optimize(fn, backend): both must be callable");
        return nullptr;
    }
    return newCompiledFunction(fn, backend, fullgraph != 0, dynamic);
}

PyObject *runOnly(PyObject *, PyObject *fn) {
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "run(fn): fn must be callable");
        return nullptr;
    }
    return newCacheOnlyFunction(fn);
}

PyObject *disable(PyObject *, PyObject *fn) {
    PyObject *target = fn;
    if (PyObject *inner = compiledFunctionInner(fn))
        target = inner;
    if (PyMethod_Check(target))
        target = PyMethod_GET_FUNCTION(target);
    if (PyObject_SetAttrString(target, "_dynascope_disabled", Py_True) < 0)
        PyErr_Clear();
    Py_INCREF(target);
    return target;
}

PyObject *graphBreak(PyObject *, PyObject *) {
    Py_RETURN_NONE;
}

PyObject *markDynamic(PyObject *, PyObject *args) {
    PyObject *tensor, *dim;
    if (!PyArg_ParseTuple(args, "OO:mark_dynamic", &tensor, &dim))
        return nullptr;
    PyRef dims = PyRef::steal(PyObject_GetAttrString(tensor, "_dynascope_dynamic_dims"));
    if (!dims) {
        PyErr_Clear();
        dims = PyRef::steal(PySet_New(nullptr));
    }
    if (PyLong_Check(dim)) {
        PySet_Add(dims.get(), dim);
    } else {
        PyRef it = PyRef::steal(PyObject_GetIter(dim));
        if (!it)
            return nullptr;
        while (PyRef d = PyRef::steal(PyIter_Next(it.get())))
            PySet_Add(dims.get(), d.get());
    }
    if (PyObject_SetAttrString(tensor, "_dynascope_dynamic_dims", dims.get()) < 0)
        return nullptr;
    Py_RETURN_NONE;
}

PyObject *setBreakCounterFn(PyObject *, PyObject *fn) {
    setBreakCounter(fn == Py_None ? nullptr : fn);
    Py_RETURN_NONE;
}

PyObject *reset(PyObject *, PyObject *) {
    CodeRegistry::instance().reset();
    Py_RETURN_NONE;
}

PyObject *setConfig(PyObject *, PyObject *args, PyObject *kwargs) {
    if (PyTuple_Size(args) > 0) {
        PyErr_SetString(PyExc_TypeError, "set_config takes keyword arguments only");
        return nullptr;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
        std::string k = PyUnicode_AsUTF8(key);
        if (k == "cache_size_limit") {
            long n = PyLong_AsLong(value);
            if (n == -1 && PyErr_Occurred())
                return nullptr;
            CaptureConfig::instance().cacheSizeLimit = static_cast<int>(n);
        } else if (k == "capture_scalar_outputs") {
            CaptureConfig::instance().captureScalarOutputs = PyObject_IsTrue(value) == 1;
        }
    }
    Py_RETURN_NONE;
}

PyObject *records(PyObject *, PyObject *) {
    return CodeRegistry::instance().toPython().release();
}

PyObject *stringList(const std::vector<std::string> &items) {
    PyObject *list = PyList_New(0);
    for (const std::string &s : items) {
        PyRef v = PyRef::steal(PyUnicode_FromString(s.c_str()));
        PyList_Append(list, v.get());
    }
    return list;
}

PyObject *handledOpcodes(PyObject *, PyObject *) {
    return stringList(Tracer::handledOpcodes());
}
PyObject *unsupportedOpcodes(PyObject *, PyObject *) {
    return stringList(Tracer::unsupportedOpcodes());
}

PyObject *breakTypes(PyObject *, PyObject *) {
    PyObject *list = PyList_New(0);
    for (const BreakType &t : breakCatalogue()) {
        PyRef d = PyRef::steal(Py_BuildValue("{s:s,s:s,s:s}", "id", t.name, "explanation",
                                             t.explanation, "hint", t.hint));
        PyList_Append(list, d.get());
    }
    return list;
}

PyMethodDef methods[] = {
    {"optimize", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(optimize)),
     METH_VARARGS | METH_KEYWORDS, "optimize(fn, backend, *, fullgraph=False, dynamic=None)"},
    {"disable", disable, METH_O, "disable(fn) -> fn: calls to fn are graph breaks"},
    {"run_only", runOnly, METH_O, "run_only(fn): fn with its caches only, never compiling"},
    {"graph_break", graphBreak, METH_NOARGS, "graph_break(): a graph break when traced"},
    {"mark_dynamic", markDynamic, METH_VARARGS, "mark_dynamic(tensor, dim)"},
    {"reset", reset, METH_NOARGS, "drops every cache, record and counter"},
    {"set_break_counter", setBreakCounterFn, METH_O,
     "set_break_counter(fn): fn(reason) for each graph break recorded"},
    {"set_config", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(setConfig)),
     METH_VARARGS | METH_KEYWORDS, "set_config(cache_size_limit=8, capture_scalar_outputs=False)"},
    {"records", records, METH_NOARGS, "one dict per compiled code object"},
    {"handled_opcodes", handledOpcodes, METH_NOARGS, "opcodes with a tracer handler"},
    {"unsupported_opcodes", unsupportedOpcodes, METH_NOARGS, "opcodes declared unsupported"},
    {"break_types", breakTypes, METH_NOARGS, "the graph-break catalogue"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT,
                         "_dynascope_capture",
                         "Dynascope's capture core (frame hook, tracer, guards, region chain).",
                         -1,
                         methods,
                         nullptr,
                         nullptr,
                         nullptr,
                         nullptr};

} // namespace

bool installCaptureModule() {
    PyRef module = PyRef::steal(PyModule_Create(&moduleDef));
    if (!module) {
        PyErr_Print();
        return false;
    }
    if (!addNativeKernelFunctions(module.get())) {
        PyErr_Print();
        return false;
    }
    PyObject *type = reinterpret_cast<PyObject *>(compiledFunctionType());
    Py_INCREF(type);
    PyModule_AddObject(module.get(), "CompiledFunction", type);
    PyObject *unsupported = unsupportedError();
    Py_INCREF(unsupported);
    PyModule_AddObject(module.get(), "Unsupported", unsupported);
    PyObject *user = userError();
    Py_INCREF(user);
    PyModule_AddObject(module.get(), "UserError", user);
    PyObject *internal = internalError();
    Py_INCREF(internal);
    PyModule_AddObject(module.get(), "InternalError", internal);
    PyObject *modules = PyImport_GetModuleDict();
    if (PyDict_SetItemString(modules, "_dynascope_capture", module.get()) < 0) {
        PyErr_Print();
        return false;
    }
    return true;
}

} // namespace dynascope
