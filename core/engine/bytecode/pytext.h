// UTF-8 text of Python objects for the decoder (str(), repr()), never failing.
#pragma once

#include "python/pyref.h"

#include <Python.h>

#include <string>

namespace dynascope {

// The UTF-8 bytes of a str; lone surrogates become backslash escapes. Empty for a non-str.
inline std::string utf8Text(PyObject *text) {
    if (!text || !PyUnicode_Check(text))
        return {};
    Py_ssize_t size = 0;
    if (const char *data = PyUnicode_AsUTF8AndSize(text, &size))
        return std::string(data, static_cast<size_t>(size));
    PyErr_Clear();
    PyRef bytes = PyRef::steal(PyUnicode_AsEncodedString(text, "utf-8", "backslashreplace"));
    if (!bytes) {
        PyErr_Clear();
        return {};
    }
    return std::string(PyBytes_AS_STRING(bytes.get()),
                       static_cast<size_t>(PyBytes_GET_SIZE(bytes.get())));
}

// repr(object) as UTF-8; where repr raises, "<repr failed: …>" so one bad constant cannot stop a
// disassembly.
inline std::string reprText(PyObject *object) {
    PyRef repr = PyRef::steal(PyObject_Repr(object));
    if (repr)
        return utf8Text(repr.get());
    PyErr_Clear();
    return "<repr failed: " + std::string(Py_TYPE(object)->tp_name) + ">";
}

} // namespace dynascope
