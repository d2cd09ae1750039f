// ValueDescriber: a bounded description of a Python value (type, short repr, tensor meta).
#pragma once

#include "model/step.h"
#include "python/pyref.h"

#include <Python.h>

#include <string>

namespace dynascope {

class ValueDescriber {
public:
    // Longest repr handed out, in bytes; longer text ends in "…".
    static constexpr size_t MaxRepr = 80;

    // Both require the GIL, and neither leaves a Python error set: a failing __repr__ becomes
    // "<repr raised ValueError: …>". Large containers and tensors are summarised from a few
    // elements, so describing a million-element value costs what describing eight does.
    void describe(PyObject *value, StackValue &out);
    std::string repr(PyObject *value);

    // Whether a value's description cannot change while it lives (exact int, float, str, …),
    // so a caller may reuse it as long as it holds a reference.
    static bool isImmutable(PyObject *value);
    // Whether the repr is object.__repr__'s "<T object at 0x…>": a function of type and address
    // only, so it may be reused for the same (type, address) without holding a reference.
    static bool hasAddressRepr(PyObject *value);

private:
    void appendRepr(PyObject *value, std::string &out, int depth);
    void appendSequence(PyObject *value, std::string &out, int depth);
    void appendDict(PyObject *value, std::string &out, int depth);
    void appendSet(PyObject *value, std::string &out, int depth);
    void appendGenericRepr(PyObject *value, std::string &out);
    void appendTensor(PyObject *value, std::string &out, StackValue *meta);
    static std::string strideText(PyObject *tensor);
    bool isTensor(PyObject *value);

    PyRef m_tensorType; // torch.Tensor, once torch has been imported by the script
    PyRef m_torchName;
    PyRef m_lastType; // a one-entry cache of type names (held, so the address stays that type's)
    std::string m_lastTypeName;
};

} // namespace dynascope
