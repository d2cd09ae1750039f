// `dynascope --version`: Dynascope's version and those of the libraries it runs on.
#include "cli/commands.h"
#include "dynascopeversion.h"

#include "layout/graphvizversion.h"
#include "python/interpreter.h"
#include "python/pyref.h"

#include <Python.h>

#include <cstdio>

namespace dynascope {

namespace {

// torch.__version__ read from torch/version.py: importing torch itself would take a second.
std::string torchVersion() {
    static const char *kFind =
        "import importlib.util, os, runpy\n"
        "spec = importlib.util.find_spec('torch')\n"
        "version = runpy.run_path(os.path.join(\n"
        "    spec.submodule_search_locations[0], 'version.py'))['__version__']\n";
    try {
        Interpreter interpreter({Interpreter::pythonExecutable()});
        PyRef globals = PyRef::steal(PyDict_New());
        PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
        PyRef done = PyRef::steal(PyRun_String(kFind, Py_file_input, globals.get(), globals.get()));
        PyObject *version = done ? PyDict_GetItemString(globals.get(), "version") : nullptr;
        if (version && PyUnicode_Check(version))
            return PyUnicode_AsUTF8(version);
        PyErr_Clear();
        return "not found (install the Debian package python3-torch)";
    } catch (const std::exception &e) {
        return std::string("unknown (") + e.what() + ")";
    }
}

std::string firstWord(const char *text) {
    std::string s(text);
    return s.substr(0, s.find(' '));
}

} // namespace

int versionCommand(const Args &, const std::vector<std::string> &extraVersions) {
    std::printf("dynascope %s\n", DYNASCOPE_VERSION);
    std::printf("Python %s (%s)\n", firstWord(Py_GetVersion()).c_str(),
                Interpreter::pythonExecutable().c_str());
    std::printf("torch %s\n", torchVersion().c_str());
    for (const std::string &line : extraVersions)
        std::printf("%s\n", line.c_str());
    std::printf("Graphviz %s\n", graphvizVersion().c_str());
    return std::fflush(stdout) == 0 ? 0 : 1;
}

} // namespace dynascope
