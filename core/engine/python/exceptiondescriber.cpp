// ScriptError from a live exception, with the text CPython itself would print as `formatted`.
#include "python/exceptiondescriber.h"

#include "python/pyref.h"

namespace dynascope {

namespace {

std::string toUtf8(PyObject *object) {
    if (!object || !PyUnicode_Check(object))
        return {};
    Py_ssize_t size = 0;
    const char *data = PyUnicode_AsUTF8AndSize(object, &size);
    if (!data) {
        PyErr_Clear();
        return {};
    }
    return std::string(data, static_cast<size_t>(size));
}

std::string strOf(PyObject *object) {
    PyRef text = PyRef::steal(PyObject_Str(object));
    if (!text) {
        PyErr_Clear();
        return "<exception str() failed>";
    }
    return toUtf8(text.get());
}

std::string stringAttr(PyObject *object, const char *name) {
    PyRef value = PyRef::steal(PyObject_GetAttrString(object, name));
    if (!value) {
        PyErr_Clear();
        return {};
    }
    return toUtf8(value.get());
}

int intAttr(PyObject *object, const char *name) {
    PyRef value = PyRef::steal(PyObject_GetAttrString(object, name));
    if (!value || !PyLong_Check(value.get())) {
        PyErr_Clear();
        return 0;
    }
    long result = PyLong_AsLong(value.get());
    if (result == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return static_cast<int>(result);
}

std::vector<TracebackFrame> framesOf(PyObject *exception) {
    std::vector<TracebackFrame> frames;
    PyObject *tb = PyException_GetTraceback(exception); // new reference
    PyRef current = PyRef::steal(tb);
    while (current && current.get() != Py_None && PyTraceBack_Check(current.get())) {
        auto *entry = reinterpret_cast<PyTracebackObject *>(current.get());
        PyCodeObject *code = PyFrame_GetCode(entry->tb_frame); // new reference
        TracebackFrame frame;
        frame.file = toUtf8(code->co_filename);
        frame.function = toUtf8(code->co_name);
        frame.line = entry->tb_lineno;
        Py_DECREF(code);
        frames.push_back(std::move(frame));
        current = PyRef::borrow(reinterpret_cast<PyObject *>(entry->tb_next));
    }
    return frames;
}

std::string formatWithTracebackModule(PyObject *exception) {
    PyRef traceback = PyRef::steal(PyImport_ImportModule("traceback"));
    PyRef lines =
        traceback
            ? PyRef::steal(PyObject_CallMethod(traceback.get(), "format_exception", "O", exception))
            : PyRef();
    PyRef empty = PyRef::steal(PyUnicode_FromString(""));
    PyRef joined =
        lines && empty ? PyRef::steal(PyUnicode_Join(empty.get(), lines.get())) : PyRef();
    if (!joined) {
        PyErr_Clear();
        return {};
    }
    return toUtf8(joined.get());
}

// The text python3.11 itself prints for an uncaught exception. CPython's C printer
// (PyErr_Display) and the traceback module differ in small ways (an IndentationError's carets),
// so the C one is run with sys.stderr pointed at a StringIO.
std::string formatLikePython(PyObject *exception) {
    PyRef io = PyRef::steal(PyImport_ImportModule("io"));
    PyRef buffer = io ? PyRef::steal(PyObject_CallMethod(io.get(), "StringIO", nullptr)) : PyRef();
    if (!buffer) {
        PyErr_Clear();
        return formatWithTracebackModule(exception);
    }
    PyRef savedStderr = PyRef::borrow(PySys_GetObject("stderr"));
    PySys_SetObject("stderr", buffer.get());
    PyRef traceback = PyRef::steal(PyException_GetTraceback(exception));
    PyErr_Display(nullptr, exception, traceback ? traceback.get() : Py_None);
    PySys_SetObject("stderr", savedStderr.get());
    PyRef text = PyRef::steal(PyObject_CallMethod(buffer.get(), "getvalue", nullptr));
    if (!text || !PyUnicode_Check(text.get())) {
        PyErr_Clear();
        return formatWithTracebackModule(exception);
    }
    return toUtf8(text.get());
}

} // namespace

std::string exceptionTypeName(PyObject *type) {
    std::string qualname = stringAttr(type, "__qualname__");
    std::string module = stringAttr(type, "__module__");
    if (module.empty() || module == "__main__" || module == "builtins")
        return qualname;
    return module + "." + qualname;
}

ScriptError describeException(PyObject *exception) {
    ScriptError error;
    PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(exception));
    error.type = exceptionTypeName(type);
    error.message = strOf(exception);
    error.frames = framesOf(exception);
    error.formatted = formatLikePython(exception);
    if (PyObject_TypeCheck(exception, reinterpret_cast<PyTypeObject *>(PyExc_SyntaxError))) {
        error.syntaxFile = stringAttr(exception, "filename");
        error.syntaxLine = intAttr(exception, "lineno");
        error.syntaxColumn = intAttr(exception, "offset");
        error.syntaxText = stringAttr(exception, "text");
        while (!error.syntaxText.empty() &&
               (error.syntaxText.back() == '\n' || error.syntaxText.back() == '\r'))
            error.syntaxText.pop_back();
        // str(SyntaxError) appends "(file, line N)"; the bare message reads better next to the
        // structured position.
        std::string msg = stringAttr(exception, "msg");
        if (!msg.empty())
            error.message = msg;
    }
    PyErr_Clear();
    return error;
}

} // namespace dynascope
