// installTorchShim: runs the embedded bootstrap that makes the shim importable and installs it.
#include "shim/torchshim.h"

#include "python/pyref.h"

#include <Python.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dynascope {

// Generated at build time from capture/shim/*.py (capture/shim/embedshim.cmake).
const std::vector<std::pair<const char *, const char *>> &embeddedShimSources();

namespace {

// The pending Python exception as traceback text; clears it.
std::string takePythonError() {
    PyObject *type = nullptr, *value = nullptr, *tb = nullptr;
    PyErr_Fetch(&type, &value, &tb);
    if (!type)
        return "unknown error";
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb)
        PyException_SetTraceback(value, tb);
    PyRef ownedType = PyRef::steal(type), owned = PyRef::steal(value), ownedTb = PyRef::steal(tb);
    PyObject *exception = value;
    PyRef traceback = PyRef::steal(PyImport_ImportModule("traceback"));
    if (traceback) {
        PyRef lines =
            PyRef::steal(PyObject_CallMethod(traceback.get(), "format_exception", "O", exception));
        PyRef empty = PyRef::steal(PyUnicode_FromString(""));
        if (lines && empty) {
            PyRef text = PyRef::steal(PyUnicode_Join(empty.get(), lines.get()));
            if (text)
                if (const char *utf8 = PyUnicode_AsUTF8(text.get()))
                    return utf8;
        }
    }
    PyErr_Clear();
    PyRef text = PyRef::steal(PyObject_Str(exception));
    const char *utf8 = text ? PyUnicode_AsUTF8(text.get()) : nullptr;
    PyErr_Clear();
    return utf8 ? utf8 : "unprintable error";
}

[[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error(what + ":\n" + takePythonError());
}

} // namespace

void installTorchShim() {
    PyRef sources = PyRef::steal(PyDict_New());
    const char *bootstrap = nullptr;
    for (const auto &[name, text] : embeddedShimSources()) {
        if (std::string(name) == "bootstrap") {
            bootstrap = text;
            continue;
        }
        PyRef source = PyRef::steal(PyUnicode_FromString(text));
        if (!source || PyDict_SetItemString(sources.get(), name, source.get()) < 0)
            fail("torch shim: cannot load the embedded sources");
    }
    if (!bootstrap)
        throw std::runtime_error("torch shim: bootstrap.py was not embedded");

    PyRef globals = PyRef::steal(PyDict_New());
    PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
    PyRef moduleName = PyRef::steal(PyUnicode_FromString("_dynascope_shim_bootstrap"));
    PyDict_SetItemString(globals.get(), "__name__", moduleName.get());
    PyDict_SetItemString(globals.get(), "SOURCES", sources.get());
    PyRef code = PyRef::steal(
        Py_CompileString(bootstrap, "<dynascope>/capture/shim/bootstrap.py", Py_file_input));
    if (!code)
        fail("torch shim: bootstrap does not compile");
    PyRef result = PyRef::steal(PyEval_EvalCode(code.get(), globals.get(), globals.get()));
    if (!result)
        fail("torch shim: installing torch.compile failed");
}

std::string torchShimReport(bool asJson) {
    // Not through `dynascope`: that would import torch for a script that never did.
    PyRef report = PyRef::steal(PyImport_ImportModule("_dynascope_shim.report"));
    PyRef core = PyRef::steal(PyImport_ImportModule("_dynascope_capture"));
    if (!report || !core)
        fail("capture report: the torch shim is not installed");
    PyRef write = PyRef::steal(PyObject_GetAttrString(report.get(), "write"));
    PyRef args = PyRef::steal(PyTuple_Pack(1, core.get()));
    PyRef kwargs = PyRef::steal(Py_BuildValue("{s:O}", "as_json", asJson ? Py_True : Py_False));
    PyRef text = write && args && kwargs
                     ? PyRef::steal(PyObject_Call(write.get(), args.get(), kwargs.get()))
                     : PyRef();
    const char *utf8 = text ? PyUnicode_AsUTF8(text.get()) : nullptr;
    if (!utf8)
        fail("capture report failed");
    return utf8;
}

} // namespace dynascope

namespace dynascope {

std::string torchShimCall(const std::string &module, const std::string &function,
                          const std::string &jsonArgument) {
    PyRef mod = PyRef::steal(PyImport_ImportModule(("_dynascope_shim." + module).c_str()));
    if (!mod)
        fail("torch shim: cannot import " + module);
    PyRef fn = PyRef::steal(PyObject_GetAttrString(mod.get(), function.c_str()));
    PyRef json = PyRef::steal(PyImport_ImportModule("json"));
    PyRef argument = json ? PyRef::steal(PyObject_CallMethod(json.get(), "loads", "s",
                                                             jsonArgument.c_str()))
                          : PyRef();
    PyRef text = fn && argument ? PyRef::steal(PyObject_CallOneArg(fn.get(), argument.get()))
                                : PyRef();
    const char *utf8 = text ? PyUnicode_AsUTF8(text.get()) : nullptr;
    if (!utf8)
        fail(module + "." + function + " failed");
    return utf8;
}

} // namespace dynascope
