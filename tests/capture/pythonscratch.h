// PythonScratch: a globals dict the capture tests run Python in and read CPython's answers from
// (their oracle); a snippet that raises ends the test with Python's traceback.
#pragma once

#include "python/pyref.h"

#include <Python.h>
#include <QtGlobal>

namespace dynascope {

// `run_nodes(spec, inputs)`: a capture-core backend that runs a graph spec's nodes with their
// targets (no torch.fx, no shim), for tests that need a compiled graph's real results.
inline constexpr const char *kRunNodesBackend = R"PY(
def run_nodes(spec, inputs):
    nodes = spec["nodes"]
    def run(*args):
        placeholders = [n for n in nodes if n["op"] == "placeholder"]
        assert len(placeholders) == len(args), (len(placeholders), len(args))
        env = {n["name"]: a for n, a in zip(placeholders, args)}
        def ev(a):
            if "node" in a: return env[a["node"]]
            if "const" in a: return a["const"]
            if "list" in a: return [ev(x) for x in a["list"]]
            return tuple(ev(x) for x in a["tuple"])
        for n in nodes:
            kw = {k: ev(v) for k, v in n["kwargs"].items()}
            if n["op"] in ("call_function", "call_module"):
                env[n["name"]] = n["target_obj"](*[ev(a) for a in n["args"]], **kw)
            elif n["op"] == "call_method":
                a = [ev(x) for x in n["args"]]
                env[n["name"]] = getattr(a[0], n["target"])(*a[1:], **kw)
            elif n["op"] == "output":
                return ev(n["args"][0])
    return run
)PY";

class PythonScratch {
public:
    PythonScratch() : m_globals(PyRef::steal(PyDict_New())) {
        PyDict_SetItemString(m_globals.get(), "__builtins__", PyEval_GetBuiltins());
    }
    PyRef eval(const char *expression) { return run(expression, Py_eval_input); }
    void exec(const char *statements) { run(statements, Py_file_input); }
    const PyRef &globals() const { return m_globals; }
    // Runs `script` in fresh globals and returns whether it set `ok` to True (printing `detail`
    // if not): the shape of the capture tests that compare with CPython inside one script.
    static bool runOk(const char *script) {
        PythonScratch python;
        python.exec(script);
        PyObject *globals = python.globals().get();
        const bool ok = PyDict_GetItemString(globals, "ok") == Py_True;
        if (PyObject *detail = ok ? nullptr : PyDict_GetItemString(globals, "detail"))
            PyObject_Print(detail, stdout, 0);
        return ok;
    }

private:
    PyRef run(const char *code, int start) {
        PyRef r = PyRef::steal(PyRun_String(code, start, m_globals.get(), m_globals.get()));
        if (!r) {
            PyErr_Print();
            qFatal("cannot run %s", code);
        }
        return r;
    }
    PyRef m_globals;
};

} // namespace dynascope
