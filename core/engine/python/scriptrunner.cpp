// Loading, compiling and running a script file as __main__, with python3.11's exit statuses.
#include "python/scriptrunner.h"

#include "python/sourceencoding.h"

#include "python/exceptiondescriber.h"
#include "python/interpreter.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace dynascope {

namespace {

PyRef unicode(const std::string &text) {
    return PyRef::steal(
        PyUnicode_DecodeFSDefaultAndSize(text.data(), static_cast<Py_ssize_t>(text.size())));
}

std::string directoryOf(const std::string &path) {
    auto slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Writes str(object) and a newline to sys.stderr, as CPython does for sys.exit("message").
void printToStderr(PyObject *object) {
    PyObject *err = PySys_GetObject("stderr"); // borrowed
    if (err && err != Py_None && PyFile_WriteObject(object, err, Py_PRINT_RAW) == 0 &&
        PyFile_WriteString("\n", err) == 0)
        return;
    PyErr_Clear();
    PyRef text = PyRef::steal(PyObject_Str(object));
    if (text)
        std::fprintf(stderr, "%s\n", PyUnicode_AsUTF8(text.get()));
    PyErr_Clear();
}

} // namespace

ScriptRunner::ScriptRunner(std::string path, std::vector<std::string> args)
    : m_path(std::move(path)), m_file(absolutePath(m_path)), m_args(std::move(args)) {}

std::string ScriptRunner::absolutePath(const std::string &path) {
    if (!path.empty() && path.front() == '/')
        return path;
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return path;
    std::string base(cwd);
    return base == "/" ? "/" + path : base + "/" + path;
}

bool ScriptRunner::readSource(std::string &source) {
    struct stat info;
    if (::stat(m_path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
        m_openError = std::strerror(EISDIR);
        return false;
    }
    FILE *file = std::fopen(m_path.c_str(), "rb");
    if (!file) {
        m_openError = std::strerror(errno);
        return false;
    }
    char buffer[65536];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        source.append(buffer, n);
    bool failed = std::ferror(file);
    int readErrno = errno;
    std::fclose(file);
    if (failed) {
        m_openError = std::strerror(readErrno);
        return false;
    }
    return true;
}

void ScriptRunner::prepareSys() {
    PyRef argv = PyRef::steal(PyList_New(0));
    PyRef script = unicode(m_path);
    PyList_Append(argv.get(), script.get());
    for (const std::string &arg : m_args) {
        PyRef item = unicode(arg);
        PyList_Append(argv.get(), item.get());
    }
    PySys_SetObject("argv", argv.get());
    // sys.orig_argv as `python3.11 FILE ARGS...` would have it.
    PyRef origArgv = PyRef::steal(PyList_New(0));
    PyRef executable = unicode(Interpreter::pythonExecutable());
    PyList_Append(origArgv.get(), executable.get());
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(argv.get()); ++i)
        PyList_Append(origArgv.get(), PyList_GET_ITEM(argv.get(), i));
    PySys_SetObject("orig_argv", origArgv.get());

    // python3.11 puts the folder of the script, symlinks resolved, first on sys.path.
    char resolved[PATH_MAX];
    std::string folder = directoryOf(realpath(m_file.c_str(), resolved) ? resolved : m_file);
    PyObject *path = PySys_GetObject("path"); // borrowed
    if (path && PyList_Check(path)) {
        PyRef entry = unicode(folder);
        PyList_Insert(path, 0, entry.get());
    }
    PyErr_Clear();
}

bool ScriptRunner::prepareMain() {
    // A fresh module each time, so a second script in the same process starts from clean globals.
    m_module = PyRef::steal(PyModule_New("__main__"));
    if (!m_module)
        return false;
    m_globals = PyRef::borrow(PyModule_GetDict(m_module.get()));
    PyObject *modules = PyImport_GetModuleDict(); // borrowed
    PyDict_SetItemString(modules, "__main__", m_module.get());
    PyDict_SetItemString(m_globals.get(), "__builtins__", PyEval_GetBuiltins());
    PyRef annotations = PyRef::steal(PyDict_New());
    PyDict_SetItemString(m_globals.get(), "__annotations__", annotations.get());
    PyRef file = unicode(m_file);
    PyDict_SetItemString(m_globals.get(), "__file__", file.get());
    PyDict_SetItemString(m_globals.get(), "__cached__", Py_None);
    // __loader__ lets linecache, inspect and pkgutil find the source, as under python3.11.
    PyRef machinery = PyRef::steal(PyImport_ImportModule("importlib.machinery"));
    PyRef loader = machinery ? PyRef::steal(PyObject_CallMethod(machinery.get(), "SourceFileLoader",
                                                                "sO", "__main__", file.get()))
                             : PyRef();
    if (loader)
        PyDict_SetItemString(m_globals.get(), "__loader__", loader.get());
    PyErr_Clear();
    return true;
}

ScriptRunner::LoadResult ScriptRunner::load() {
    std::string source;
    if (!readSource(source))
        return LoadResult::CannotOpen;
    prepareSys();
    if (!prepareMain()) {
        m_compileFailed = true;
        exitStatusOfCurrentException();
        return LoadResult::CompileError;
    }
    if (std::string message = nonUtf8SourceMessage(source, m_file); !message.empty()) {
        PyErr_SetString(PyExc_SyntaxError, message.c_str());
        m_compileFailed = true;
        exitStatusOfCurrentException();
        return LoadResult::CompileError;
    }
    PyCompilerFlags flags{};
    flags.cf_feature_version = PY_MINOR_VERSION;
    m_code = PyRef::steal(
        Py_CompileStringExFlags(source.c_str(), m_file.c_str(), Py_file_input, &flags, -1));
    if (!m_code) {
        m_compileFailed = true;
        exitStatusOfCurrentException();
        return LoadResult::CompileError;
    }
    return LoadResult::Loaded;
}

int ScriptRunner::exitStatusOfCurrentException() {
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    if (traceback && value)
        PyException_SetTraceback(value, traceback);
    PyRef typeRef = PyRef::steal(type), valueRef = PyRef::steal(value),
          tracebackRef = PyRef::steal(traceback);
    if (!valueRef)
        return 1;
    if (PyErr_GivenExceptionMatches(type, PyExc_SystemExit)) {
        PyRef code = PyRef::steal(PyObject_GetAttrString(valueRef.get(), "code"));
        PyErr_Clear();
        if (!code || code.get() == Py_None)
            return 0;
        if (PyLong_Check(code.get())) {
            long status = PyLong_AsLong(code.get());
            PyErr_Clear();
            return static_cast<int>(status);
        }
        printToStderr(code.get());
        return 1;
    }
    m_error = describeException(valueRef.get());
    return 1;
}

int ScriptRunner::execute() {
    if (m_compileFailed || !m_code)
        return 1;
    PyRef result = PyRef::steal(PyEval_EvalCode(m_code.get(), m_globals.get(), m_globals.get()));
    int status = result ? 0 : exitStatusOfCurrentException();
    // What Py_FinalizeEx does first, done here while our streams are still installed (the caller
    // stops listening before finalisation): wait for non-daemon threads, then run atexit handlers.
    if (PyObject *threading = PyDict_GetItemString(PyImport_GetModuleDict(), "threading")) {
        PyRef done = PyRef::steal(PyObject_CallMethod(threading, "_shutdown", nullptr));
        if (!done)
            PyErr_WriteUnraisable(threading);
    }
    PyRef atexit = PyRef::steal(PyImport_ImportModule("atexit"));
    PyRef ran = atexit ? PyRef::steal(PyObject_CallMethod(atexit.get(), "_run_exitfuncs", nullptr))
                       : PyRef();
    PyErr_Clear();
    return status;
}

} // namespace dynascope
