// PyRef: an owned reference to a Python object, released when it goes out of scope.
#pragma once

#include <Python.h>

#include <utility>

namespace dynascope {

class PyRef {
public:
    PyRef() = default;
    // Takes ownership of a new reference (may be null, e.g. a failed call).
    static PyRef steal(PyObject *object) { return PyRef(object); }
    // Adds a reference to a borrowed one.
    static PyRef borrow(PyObject *object) {
        Py_XINCREF(object);
        return PyRef(object);
    }

    PyRef(const PyRef &other) : m_object(other.m_object) { Py_XINCREF(m_object); }
    PyRef(PyRef &&other) noexcept : m_object(std::exchange(other.m_object, nullptr)) {}
    PyRef &operator=(PyRef other) noexcept {
        std::swap(m_object, other.m_object);
        return *this;
    }
    ~PyRef() { Py_XDECREF(m_object); }

    PyObject *get() const { return m_object; }
    // Gives up ownership: the caller now owns the reference.
    PyObject *release() { return std::exchange(m_object, nullptr); }
    explicit operator bool() const { return m_object != nullptr; }

private:
    explicit PyRef(PyObject *object) : m_object(object) {}
    PyObject *m_object = nullptr;
};

} // namespace dynascope
