// Starting and finalising the embedded interpreter through PyConfig.
#include "python/interpreter.h"

#include <Python.h>

#include <stdexcept>

namespace dynascope {

namespace {
void check(PyStatus status, PyConfig &config, const char *what) {
    if (PyStatus_Exception(status)) {
        PyConfig_Clear(&config);
        std::string message = std::string("cannot start Python 3.11 (") + what + ")";
        if (status.err_msg)
            message += ": " + std::string(status.err_msg);
        throw std::runtime_error(message);
    }
}
} // namespace

std::string Interpreter::pythonExecutable() { return DYNASCOPE_PYTHON_EXECUTABLE; }

Interpreter::Interpreter(const std::vector<std::string> &argv) {
    PyConfig config;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0; // the host owns signals (Stop kills the worker)
    config.parse_argv = 0;
    // Computing the path from the real executable gives Debian's sys.path, dist-packages included.
    std::string exe = pythonExecutable();
    check(PyConfig_SetBytesString(&config, &config.program_name, exe.c_str()), config,
          "program name");
    check(PyConfig_SetBytesString(&config, &config.executable, exe.c_str()), config,
          "executable");
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    if (args.empty())
        args.push_back(const_cast<char *>(""));
    check(PyConfig_SetBytesArgv(&config, static_cast<Py_ssize_t>(args.size()), args.data()), config,
          "argv");
    check(Py_InitializeFromConfig(&config), config, "initialisation");
    PyConfig_Clear(&config);
}

Interpreter::~Interpreter() {
    if (Py_IsInitialized())
        Py_FinalizeEx();
}

} // namespace dynascope
