// `dynascope dis FILE`: compiles FILE as `python3.11 -m dis FILE` does and prints the same text,
// decoded and formatted in C++ (bytecode/).
#include "cli/commands.h"

#include "bytecode/bytecodedecoder.h"
#include "bytecode/disprinter.h"
#include "python/exceptiondescriber.h"
#include "python/interpreter.h"
#include "python/pyref.h"

#include <Python.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace dynascope {

namespace {

constexpr int kUsageError = 2; // argparse's status, also for a file that cannot be opened

bool readSource(const std::string &path, std::string &source, std::string &error) {
    if (path == "-") {
        source.assign(std::istreambuf_iterator<char>(std::cin), {});
        return true;
    }
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        error = std::strerror(EISDIR);
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = std::strerror(errno);
        return false;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    source = buffer.str();
    return true;
}

// compile(source_bytes, filename, "exec") through builtins, as dis._test does, so a coding
// cookie and the source's own future imports behave the same. Returns a new reference.
PyRef compileSource(const std::string &source, const std::string &filename) {
    PyObject *builtins = PyEval_GetBuiltins(); // borrowed
    PyObject *compile = builtins ? PyDict_GetItemString(builtins, "compile") : nullptr;
    if (!compile)
        return {};
    PyRef bytes = PyRef::steal(PyBytes_FromStringAndSize(source.data(), source.size()));
    PyRef name = PyRef::steal(PyUnicode_DecodeFSDefault(filename.c_str()));
    if (!bytes || !name)
        return {};
    return PyRef::steal(PyObject_CallFunction(compile, "OOs", bytes.get(), name.get(), "exec"));
}

void reportCompileError(const std::string &path) {
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    if (value && traceback)
        PyException_SetTraceback(value, traceback);
    PyRef exception = PyRef::steal(value);
    Py_XDECREF(type);
    Py_XDECREF(traceback);
    if (!exception) {
        std::fprintf(stderr, "dynascope dis: %s: cannot compile\n", path.c_str());
        return;
    }
    ScriptError error = describeException(exception.get());
    if (error.isSyntaxError())
        std::fprintf(stderr, "dynascope dis: %s:%d:%d: %s: %s\n", path.c_str(), error.syntaxLine,
                     error.syntaxColumn, error.type.c_str(), error.message.c_str());
    else
        std::fprintf(stderr, "dynascope dis: %s: %s: %s\n", path.c_str(), error.type.c_str(),
                     error.message.c_str());
}

} // namespace

int disCommand(const Args &args) {
    const bool help = args.size() == 1 && (args[0] == "-h" || args[0] == "--help");
    if (args.size() != 1 || help) {
        std::fprintf(help ? stdout : stderr,
                     "usage: dynascope dis FILE\n"
                     "Prints FILE's bytecode exactly as `python3.11 -m dis FILE` does.\n");
        return help ? 0 : kUsageError;
    }
    const std::string &path = args[0];
    std::string source, openError;
    if (!readSource(path, source, openError)) {
        std::fprintf(stderr, "dynascope dis: can't open '%s': %s\n", path.c_str(),
                     openError.c_str());
        return kUsageError;
    }
    // argparse.FileType names standard input "<stdin>".
    std::string filename = path == "-" ? "<stdin>" : path;

    Interpreter interpreter({Interpreter::pythonExecutable(), "-m", "dis", path});
    PyRef code = compileSource(source, filename);
    if (!code) {
        reportCompileError(path);
        return 1;
    }
    std::string text = DisPrinter::formatTree(decodeCodeTree(code.get()));
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

} // namespace dynascope
