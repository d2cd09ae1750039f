// The capturing stream type (a small C type, text-file-like) and its installation in sys.
#include "python/outputcapture.h"

#include <cstdio>
#include <exception>

namespace dynascope {

namespace {

struct StreamObject {
    PyObject ob_base;
    OutputCapture *owner; // null once the capture is gone (a script may keep sys.stdout around)
    int isStderr;
    int isBinary;     // the `buffer` of a text stream: write() takes bytes
    PyObject *buffer; // text streams: the binary one, made on first use (owned)
};

const char *streamName(const StreamObject *self) {
    return self->isStderr ? "stderr" : "stdout";
}

bool pass(StreamObject *self, const std::string &text) {
    if (self->owner)
        return self->owner->deliver(streamName(self), text);
    FILE *out = self->isStderr ? stderr : stdout;
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
    return true;
}

PyObject *binaryWrite(StreamObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) != 0)
        return nullptr;
    std::string data(static_cast<const char *>(view.buf), static_cast<size_t>(view.len));
    PyBuffer_Release(&view);
    if (!pass(self, data))
        return nullptr;
    return PyLong_FromSize_t(data.size());
}

PyObject *streamWrite(PyObject *object, PyObject *arg) {
    auto *self = reinterpret_cast<StreamObject *>(object);
    if (self->isBinary)
        return binaryWrite(self, arg);
    if (!PyUnicode_Check(arg)) {
        // Same words as io.TextIOWrapper, so scripts see the error they would see in python3.11.
        PyErr_Format(PyExc_TypeError, "write() argument must be str, not %.100s",
                     Py_TYPE(arg)->tp_name);
        return nullptr;
    }
    // Match python3.11's error handlers: stdout surrogateescape, stderr backslashreplace.
    PyRef bytes = PyRef::steal(PyUnicode_AsEncodedString(
        arg, "utf-8", self->isStderr ? "backslashreplace" : "surrogateescape"));
    if (!bytes)
        return nullptr;
    std::string text(PyBytes_AS_STRING(bytes.get()),
                     static_cast<size_t>(PyBytes_GET_SIZE(bytes.get())));
    if (!pass(self, text))
        return nullptr;
    return PyLong_FromSsize_t(PyUnicode_GET_LENGTH(arg));
}

// reconfigure(line_buffering=True) and the like: there is no buffer to configure.
PyObject *streamReconfigure(PyObject *, PyObject *, PyObject *) {
    Py_RETURN_NONE;
}

PyRef newStream(PyTypeObject *type, OutputCapture *owner, int isStderr, int isBinary);

PyObject *streamBuffer(PyObject *object, void *) {
    auto *self = reinterpret_cast<StreamObject *>(object);
    if (self->isBinary) {
        PyErr_SetString(PyExc_AttributeError, "binary stream has no 'buffer'");
        return nullptr;
    }
    if (!self->buffer)
        self->buffer = newStream(Py_TYPE(object), self->owner, self->isStderr, 1).release();
    Py_XINCREF(self->buffer);
    return self->buffer;
}

PyObject *streamNone(PyObject *, PyObject *) {
    Py_RETURN_NONE;
}
PyObject *streamFalse(PyObject *, PyObject *) {
    Py_RETURN_FALSE;
}
PyObject *streamTrue(PyObject *, PyObject *) {
    Py_RETURN_TRUE;
}

PyObject *streamFileno(PyObject *, PyObject *) {
    // As io.StringIO does: code that needs a descriptor (faulthandler, subprocess) falls back.
    PyRef io = PyRef::steal(PyImport_ImportModule("io"));
    if (!io)
        return nullptr;
    PyRef unsupported = PyRef::steal(PyObject_GetAttrString(io.get(), "UnsupportedOperation"));
    if (!unsupported)
        return nullptr;
    PyErr_SetString(unsupported.get(), "fileno");
    return nullptr;
}

PyObject *streamWritelines(PyObject *object, PyObject *lines) {
    PyRef iterator = PyRef::steal(PyObject_GetIter(lines));
    if (!iterator)
        return nullptr;
    while (PyRef line = PyRef::steal(PyIter_Next(iterator.get()))) {
        PyRef written = PyRef::steal(streamWrite(object, line.get()));
        if (!written)
            return nullptr;
    }
    if (PyErr_Occurred())
        return nullptr;
    Py_RETURN_NONE;
}

PyObject *streamEncoding(PyObject *, void *) {
    return PyUnicode_FromString("utf-8");
}
PyObject *streamErrors(PyObject *object, void *) {
    return PyUnicode_FromString(reinterpret_cast<StreamObject *>(object)->isStderr
                                    ? "backslashreplace"
                                    : "surrogateescape");
}
PyObject *streamNameGetter(PyObject *object, void *) {
    return PyUnicode_FromFormat("<%s>", streamName(reinterpret_cast<StreamObject *>(object)));
}
PyObject *streamMode(PyObject *, void *) {
    return PyUnicode_FromString("w");
}
PyObject *streamClosed(PyObject *, void *) {
    Py_RETURN_FALSE;
}
PyObject *streamNewlines(PyObject *, void *) {
    Py_RETURN_NONE;
}

void streamDealloc(PyObject *object) {
    PyTypeObject *type = Py_TYPE(object);
    Py_CLEAR(reinterpret_cast<StreamObject *>(object)->buffer);
    type->tp_free(object);
    Py_DECREF(type); // instances of heap types own a reference to their type
}

PyMethodDef streamMethods[] = {
    {"write", streamWrite, METH_O, "Hands the text to Dynascope at once."},
    {"writelines", streamWritelines, METH_O, nullptr},
    {"reconfigure", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(streamReconfigure)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"flush", streamNone, METH_NOARGS, "Nothing to do: writes are never buffered."},
    {"close", streamNone, METH_NOARGS, nullptr},
    {"isatty", streamFalse, METH_NOARGS, nullptr},
    {"writable", streamTrue, METH_NOARGS, nullptr},
    {"readable", streamFalse, METH_NOARGS, nullptr},
    {"seekable", streamFalse, METH_NOARGS, nullptr},
    {"fileno", streamFileno, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef streamGetSet[] = {
    {"buffer", streamBuffer, nullptr, nullptr, nullptr},
    {"encoding", streamEncoding, nullptr, nullptr, nullptr},
    {"errors", streamErrors, nullptr, nullptr, nullptr},
    {"name", streamNameGetter, nullptr, nullptr, nullptr},
    {"mode", streamMode, nullptr, nullptr, nullptr},
    {"closed", streamClosed, nullptr, nullptr, nullptr},
    {"newlines", streamNewlines, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyType_Slot streamSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(streamDealloc)},
    {Py_tp_methods, streamMethods},
    {Py_tp_getset, streamGetSet},
    {Py_tp_doc, const_cast<char *>("Dynascope's capturing text stream.")},
    {0, nullptr},
};

PyType_Spec streamSpec = {"dynascope.OutputStream", sizeof(StreamObject), 0, Py_TPFLAGS_DEFAULT,
                          streamSlots};

PyRef newStream(PyTypeObject *type, OutputCapture *owner, int isStderr, int isBinary) {
    PyRef object = PyRef::steal(PyType_GenericAlloc(type, 0));
    if (object) {
        auto *stream = reinterpret_cast<StreamObject *>(object.get());
        stream->owner = owner;
        stream->isStderr = isStderr;
        stream->isBinary = isBinary;
        stream->buffer = nullptr;
    }
    return object;
}

void detach(PyObject *object) {
    auto *stream = reinterpret_cast<StreamObject *>(object);
    stream->owner = nullptr;
    if (stream->buffer)
        detach(stream->buffer);
}

} // namespace

OutputCapture::OutputCapture(Callback callback) : m_callback(std::move(callback)) {
    m_type = PyRef::steal(PyType_FromSpec(&streamSpec));
    if (!m_type) {
        PyErr_Print();
        return;
    }
    auto *type = reinterpret_cast<PyTypeObject *>(m_type.get());
    m_stdout = newStream(type, this, 0, 0);
    m_stderr = newStream(type, this, 1, 0);
    m_savedStdout = PyRef::borrow(PySys_GetObject("stdout"));
    m_savedStderr = PyRef::borrow(PySys_GetObject("stderr"));
    PySys_SetObject("stdout", m_stdout.get());
    PySys_SetObject("stderr", m_stderr.get());
}

OutputCapture::~OutputCapture() {
    for (const PyRef &stream : {m_stdout, m_stderr})
        if (stream)
            detach(stream.get());
    // Only put the old streams back if nobody replaced ours in the meantime.
    if (m_stdout && PySys_GetObject("stdout") == m_stdout.get())
        PySys_SetObject("stdout", m_savedStdout.get());
    if (m_stderr && PySys_GetObject("stderr") == m_stderr.get())
        PySys_SetObject("stderr", m_savedStderr.get());
}

bool OutputCapture::deliver(const std::string &stream, const std::string &text) {
    try {
        if (m_callback)
            m_callback(stream, text);
        return true;
    } catch (const std::exception &e) {
        PyErr_Format(PyExc_OSError, "Dynascope could not pass on %s output: %s", stream.c_str(),
                     e.what());
    } catch (...) {
        PyErr_Format(PyExc_OSError, "Dynascope could not pass on %s output", stream.c_str());
    }
    return false;
}

} // namespace dynascope
