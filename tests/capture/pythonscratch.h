// PythonScratch: a globals dict the capture tests run Python in and read CPython's answers from
// (their oracle); a snippet that raises ends the test with Python's traceback.
#pragma once

#include "python/pyref.h"

#include <Python.h>
#include <QtGlobal>

namespace dynascope {

class PythonScratch {
public:
    PythonScratch() : m_globals(PyRef::steal(PyDict_New())) {
        PyDict_SetItemString(m_globals.get(), "__builtins__", PyEval_GetBuiltins());
    }
    PyRef eval(const char *expression) { return run(expression, Py_eval_input); }
    void exec(const char *statements) { run(statements, Py_file_input); }
    const PyRef &globals() const { return m_globals; }

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
