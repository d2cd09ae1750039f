// Cached look-ups of the Python objects the tracer compares against.
#include "sources/pyobjects.h"

#include "python/pyref.h"

namespace dynascope {
namespace py {

namespace {
PyObject *attr(PyObject *o, const char *name) {
    PyObject *r = PyObject_GetAttrString(o, name);
    if (!r)
        PyErr_Clear();
    return r;
}
std::string strAttr(PyObject *o, const char *name) {
    PyRef v = PyRef::steal(PyObject_GetAttrString(o, name));
    if (!v || !PyUnicode_Check(v.get())) {
        PyErr_Clear();
        return "";
    }
    return PyUnicode_AsUTF8(v.get());
}
} // namespace

PyObject *torch() {
    static PyObject *m = PyImport_ImportModule("torch");
    return m;
}
PyObject *tensorType() {
    static PyObject *t = attr(torch(), "Tensor");
    return t;
}
PyObject *moduleType() {
    static PyObject *t = [] {
        PyRef nn = PyRef::steal(PyImport_ImportModule("torch.nn"));
        return attr(nn.get(), "Module");
    }();
    return t;
}
PyObject *defaultDtype() {
    static PyObject *get = attr(torch(), "get_default_dtype");
    if (!get)
        return nullptr;
    PyRef d = PyRef::steal(PyObject_CallNoArgs(get));
    if (!d) {
        PyErr_Clear();
        return nullptr;
    }
    return d.get(); // torch.float32 and the others are module-level singletons
}
bool anyGlobalModuleHooks() {
    // The dicts are made once when torch.nn.modules.module is imported and only ever changed in
    // place; until it is imported there are none.
    static PyObject *dicts[3] = {nullptr, nullptr, nullptr};
    if (!dicts[0]) {
        PyRef name = PyRef::steal(PyUnicode_FromString("torch.nn.modules.module"));
        PyRef mod = PyRef::steal(PyImport_GetModule(name.get()));
        if (!mod) {
            PyErr_Clear();
            return false;
        }
        const char *names[3] = {"_global_forward_pre_hooks", "_global_forward_hooks",
                                "_global_backward_hooks"};
        for (int i = 0; i < 3; ++i) {
            PyObject *d = attr(mod.get(), names[i]); // kept: the module holds it for good
            if (!d || !PyDict_Check(d)) {
                Py_XDECREF(d);
                for (int j = 0; j < i; ++j)
                    Py_CLEAR(dicts[j]);
                return true; // a torch that keeps them elsewhere: assume there are some
            }
            dicts[i] = d;
        }
    }
    for (PyObject *d : dicts)
        if (PyDict_GET_SIZE(d) > 0)
            return true;
    return false;
}
PyObject *operatorModule() {
    static PyObject *m = PyImport_ImportModule("operator");
    return m;
}
PyObject *builtinsModule() {
    static PyObject *m = PyImport_ImportModule("builtins");
    return m;
}
PyObject *builtin(const char *name) {
    PyObject *r = PyDict_GetItemString(PyModule_GetDict(builtinsModule()), name);
    return r;
}
bool isTensor(PyObject *o) {
    int r = PyObject_IsInstance(o, tensorType());
    if (r < 0)
        PyErr_Clear();
    return r == 1;
}
bool isModule(PyObject *o) {
    int r = PyObject_IsInstance(o, moduleType());
    if (r < 0)
        PyErr_Clear();
    return r == 1;
}
std::string moduleOf(PyObject *o) {
    return strAttr(o, "__module__");
}
std::string nameOf(PyObject *o) {
    return strAttr(o, "__name__");
}
std::string qualnameOf(PyObject *o) {
    return strAttr(o, "__qualname__");
}

} // namespace py
} // namespace dynascope
