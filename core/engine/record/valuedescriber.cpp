// Bounded reprs: never walks a whole container or tensor, never leaves a Python error set.
#include "record/valuedescriber.h"

#include <charconv>
#include <cstdio>
#include <cstring>

namespace dynascope {

namespace {

constexpr int MaxDepth = 3;        // nested containers deeper than this print as "…"
constexpr Py_ssize_t MaxItems = 8; // container elements shown before "… N more"
constexpr Py_ssize_t MaxStringChars = 100;
constexpr int MaxIntBits = 512; // int repr is quadratic in the digits; summarise big ones
constexpr int MaxTensorItems = 6;

// Cuts `text` to at most `limit` bytes on a UTF-8 character boundary, ending it with "…".
void truncateUtf8(std::string &text, size_t limit) {
    if (text.size() <= limit)
        return;
    size_t cut = limit - 3; // room for the three bytes of "…"
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    text.resize(cut);
    text += "\xE2\x80\xA6";
}

void appendUnicode(PyObject *text, std::string &out) {
    Py_ssize_t size = 0;
    if (const char *utf8 = PyUnicode_AsUTF8AndSize(text, &size)) {
        out.append(utf8, static_cast<size_t>(size));
        return;
    }
    PyErr_Clear(); // lone surrogates from a user __repr__: escape them instead
    PyRef bytes = PyRef::steal(PyUnicode_AsEncodedString(text, "utf-8", "backslashreplace"));
    if (bytes)
        out.append(PyBytes_AS_STRING(bytes.get()),
                   static_cast<size_t>(PyBytes_GET_SIZE(bytes.get())));
    else {
        PyErr_Clear();
        out += "<unprintable>";
    }
}

// Text for the exception set now, which it clears: "<repr raised ValueError: bad>".
std::string describeRaised() {
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    std::string text = "<repr raised ";
    text += type ? _PyType_Name(reinterpret_cast<PyTypeObject *>(type)) : "an error";
    if (value) {
        PyRef message = PyRef::steal(PyObject_Str(value));
        if (message && PyUnicode_GetLength(message.get()) > 0) {
            text += ": ";
            std::string m;
            appendUnicode(message.get(), m);
            truncateUtf8(m, 40);
            text += m;
        }
        PyErr_Clear();
    }
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
    return text + ">";
}

} // namespace

bool ValueDescriber::isImmutable(PyObject *value) {
    PyTypeObject *type = Py_TYPE(value);
    return value == Py_None || type == &PyLong_Type || type == &PyFloat_Type ||
           type == &PyUnicode_Type || type == &PyBool_Type || type == &PyBytes_Type ||
           type == &PyComplex_Type || type == &PyCode_Type || type == &PyCFunction_Type;
}

void ValueDescriber::describe(PyObject *value, StackValue &out) {
    out.shape.clear();
    out.dtype.clear();
    out.requiresGrad = false;
    out.stride.clear();
    out.repr.clear();
    if (!value) {
        // CPython 3.11 pushes NULL (PUSH_NULL, LOAD_GLOBAL/LOAD_ATTR's low bit) before calls.
        out.type = "NULL";
        out.repr = "NULL";
        return;
    }
    PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(value));
    if (type != m_lastType.get()) { // most values in a row are of one type
        m_lastType = PyRef::borrow(type);
        m_lastTypeName = _PyType_Name(Py_TYPE(value));
    }
    out.type = m_lastTypeName;
    if (isTensor(value))
        appendTensor(value, out.repr, &out);
    else
        appendRepr(value, out.repr, 0);
    truncateUtf8(out.repr, MaxRepr);
}

bool ValueDescriber::hasAddressRepr(PyObject *value) {
    return Py_TYPE(value)->tp_repr == PyBaseObject_Type.tp_repr;
}

std::string ValueDescriber::repr(PyObject *value) {
    std::string text;
    if (!value)
        return "NULL";
    appendRepr(value, text, 0);
    truncateUtf8(text, MaxRepr);
    return text;
}

bool ValueDescriber::isTensor(PyObject *value) {
    PyTypeObject *type = Py_TYPE(value);
    if (type == &PyLong_Type || type == &PyFloat_Type || type == &PyUnicode_Type ||
        type == &PyBool_Type || value == Py_None || type == &PyTuple_Type || type == &PyList_Type ||
        type == &PyDict_Type || PyType_HasFeature(type, Py_TPFLAGS_TYPE_SUBCLASS))
        return false; // the common values: no need to look for torch
    if (!m_tensorType) {
        // Only once the script imported torch: importing it ourselves would cost seconds.
        if (!m_torchName)
            m_torchName = PyRef::steal(PyUnicode_InternFromString("torch"));
        PyRef torch = PyRef::steal(PyImport_GetModule(m_torchName.get()));
        if (!torch) {
            PyErr_Clear();
            return false;
        }
        m_tensorType = PyRef::steal(PyObject_GetAttrString(torch.get(), "Tensor"));
        if (!m_tensorType || !PyType_Check(m_tensorType.get())) {
            PyErr_Clear();
            m_tensorType = PyRef();
            return false;
        }
    }
    return PyObject_TypeCheck(value, reinterpret_cast<PyTypeObject *>(m_tensorType.get()));
}

void ValueDescriber::appendRepr(PyObject *value, std::string &out, int depth) {
    if (out.size() > MaxRepr)
        return; // the caller cuts the text anyway
    PyTypeObject *type = Py_TYPE(value);
    if (type == &PyLong_Type) {
        int overflow = 0;
        long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (!overflow && !(number == -1 && PyErr_Occurred())) {
            char text[24];
            auto end = std::to_chars(text, text + sizeof text, number).ptr; // as int.__repr__
            out.append(text, static_cast<size_t>(end - text));
            return;
        }
        PyErr_Clear();
        size_t bits = _PyLong_NumBits(value);
        if (bits == static_cast<size_t>(-1))
            PyErr_Clear();
        else if (bits > MaxIntBits) {
            char text[64];
            std::snprintf(text, sizeof text, "<int of %zu bits>", bits);
            out += text;
            return;
        }
    } else if (type == &PyFloat_Type) {
        // float.__repr__'s own formatting ('r': shortest round-trip, ".0" added), without the
        // str object.
        if (char *text = PyOS_double_to_string(PyFloat_AS_DOUBLE(value), 'r', 0, Py_DTSF_ADD_DOT_0,
                                               nullptr)) {
            out += text;
            PyMem_Free(text);
            return;
        }
        PyErr_Clear();
    } else if (type == &PyUnicode_Type && PyUnicode_GET_LENGTH(value) > MaxStringChars) {
        PyRef head = PyRef::steal(PyUnicode_Substring(value, 0, MaxStringChars));
        if (head) {
            appendGenericRepr(head.get(), out);
            out += "\xE2\x80\xA6";
            return;
        }
        PyErr_Clear();
    } else if (type == &PyBytes_Type && PyBytes_GET_SIZE(value) > MaxStringChars) {
        PyRef head =
            PyRef::steal(PyBytes_FromStringAndSize(PyBytes_AS_STRING(value), MaxStringChars));
        if (head) {
            appendGenericRepr(head.get(), out);
            out += "\xE2\x80\xA6";
            return;
        }
        PyErr_Clear();
    } else if (type == &PyList_Type || type == &PyTuple_Type) {
        appendSequence(value, out, depth);
        return;
    } else if (type == &PyDict_Type) {
        appendDict(value, out, depth);
        return;
    } else if (type == &PySet_Type || type == &PyFrozenSet_Type) {
        appendSet(value, out, depth);
        return;
    } else if (isTensor(value)) {
        appendTensor(value, out, nullptr);
        return;
    }
    appendGenericRepr(value, out);
}

void ValueDescriber::appendGenericRepr(PyObject *value, std::string &out) {
    PyRef text = PyRef::steal(PyObject_Repr(value));
    if (!text) {
        out += describeRaised();
        return;
    }
    appendUnicode(text.get(), out);
}

void ValueDescriber::appendSequence(PyObject *value, std::string &out, int depth) {
    bool isList = PyList_Check(value);
    Py_ssize_t size = isList ? PyList_GET_SIZE(value) : PyTuple_GET_SIZE(value);
    out += isList ? '[' : '(';
    if (depth >= MaxDepth && size > 0) {
        out += "\xE2\x80\xA6";
    } else {
        Py_ssize_t shown = 0;
        for (; shown < size && shown < MaxItems && out.size() <= MaxRepr; ++shown) {
            // A repr may shrink the list under us: re-read the size each time, own the item.
            Py_ssize_t now = isList ? PyList_GET_SIZE(value) : size;
            if (shown >= now)
                break;
            PyRef item = PyRef::borrow(isList ? PyList_GET_ITEM(value, shown)
                                              : PyTuple_GET_ITEM(value, shown));
            if (shown)
                out += ", ";
            appendRepr(item.get(), out, depth + 1);
        }
        Py_ssize_t now = isList ? PyList_GET_SIZE(value) : size;
        if (shown < now)
            out += ", \xE2\x80\xA6 " + std::to_string(now - shown) + " more";
        else if (!isList && now == 1)
            out += ',';
    }
    out += isList ? ']' : ')';
}

void ValueDescriber::appendDict(PyObject *value, std::string &out, int depth) {
    Py_ssize_t size = PyDict_GET_SIZE(value);
    out += '{';
    if (depth >= MaxDepth && size > 0) {
        out += "\xE2\x80\xA6";
    } else {
        Py_ssize_t position = 0, shown = 0;
        PyObject *key = nullptr, *item = nullptr;
        while (shown < MaxItems && out.size() <= MaxRepr &&
               PyDict_Next(value, &position, &key, &item)) {
            PyRef ownedKey = PyRef::borrow(key), ownedItem = PyRef::borrow(item);
            if (shown++)
                out += ", ";
            appendRepr(ownedKey.get(), out, depth + 1);
            out += ": ";
            appendRepr(ownedItem.get(), out, depth + 1);
        }
        Py_ssize_t now = PyDict_GET_SIZE(value);
        if (shown < now)
            out += ", \xE2\x80\xA6 " + std::to_string(now - shown) + " more";
    }
    out += '}';
}

void ValueDescriber::appendSet(PyObject *value, std::string &out, int depth) {
    Py_ssize_t size = PySet_GET_SIZE(value);
    bool frozen = Py_TYPE(value) == &PyFrozenSet_Type;
    if (size == 0) {
        out += frozen ? "frozenset()" : "set()";
        return;
    }
    out += frozen ? "frozenset({" : "{";
    PyRef iterator = PyRef::steal(PyObject_GetIter(value));
    Py_ssize_t shown = 0;
    if (!iterator || depth >= MaxDepth) {
        PyErr_Clear();
        out += "\xE2\x80\xA6";
    } else {
        while (shown < MaxItems && out.size() <= MaxRepr) {
            PyRef item = PyRef::steal(PyIter_Next(iterator.get()));
            if (!item)
                break;
            if (shown++)
                out += ", ";
            appendRepr(item.get(), out, depth + 1);
        }
        PyErr_Clear(); // "set changed size during iteration" is not the script's problem
        if (shown < size)
            out += ", \xE2\x80\xA6 " + std::to_string(size - shown) + " more";
    }
    out += frozen ? "})" : "}";
}

// Tensor.stride() as "[4, 1]"; empty where a tensor has none (sparse, or the call fails).
std::string ValueDescriber::strideText(PyObject *tensor) {
    std::string text;
    PyRef stride = PyRef::steal(PyObject_CallMethod(tensor, "stride", nullptr));
    if (stride && PyTuple_Check(stride.get())) {
        text = "[";
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(stride.get()); ++i) {
            long long step = PyLong_AsLongLong(PyTuple_GET_ITEM(stride.get(), i));
            if (step == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                return {};
            }
            text += (i ? ", " : "") + std::to_string(step);
        }
        text += "]";
    }
    PyErr_Clear();
    return text;
}

// "tensor([0.5, 1, 2, …], shape=[1000000], dtype=float32)": shape and dtype from metadata, at
// most MaxTensorItems elements from the first row, so the cost does not grow with the tensor.
void ValueDescriber::appendTensor(PyObject *value, std::string &out, StackValue *meta) {
    std::string shapeText = "[";
    long long elements = 1;
    PyRef shape = PyRef::steal(PyObject_GetAttrString(value, "shape"));
    if (shape && PyTuple_Check(shape.get())) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(shape.get()); ++i) {
            long long size = PyLong_AsLongLong(PyTuple_GET_ITEM(shape.get(), i));
            if (size == -1 && PyErr_Occurred()) {
                PyErr_Clear(); // symbolic sizes
                size = 0;
            }
            if (i)
                shapeText += ", ";
            shapeText += std::to_string(size);
            elements *= size;
        }
    }
    PyErr_Clear();
    shapeText += "]";
    std::string dtypeText;
    if (PyRef dtype = PyRef::steal(PyObject_GetAttrString(value, "dtype"))) {
        if (PyRef text = PyRef::steal(PyObject_Str(dtype.get())))
            appendUnicode(text.get(), dtypeText);
    }
    PyErr_Clear();
    if (dtypeText.rfind("torch.", 0) == 0)
        dtypeText.erase(0, 6);
    bool requiresGrad = false;
    if (PyRef flag = PyRef::steal(PyObject_GetAttrString(value, "requires_grad")))
        requiresGrad = PyObject_IsTrue(flag.get()) == 1;
    PyErr_Clear();
    if (meta) {
        meta->shape = shapeText;
        meta->dtype = dtypeText;
        meta->requiresGrad = requiresGrad;
        meta->stride = strideText(value);
    }

    // The first elements: detach (no autograd), walk to the first row through views, slice.
    std::string items;
    bool itemsOk = false;
    long long shown = 0;
    if (elements > 0) {
        PyRef row = PyRef::steal(PyObject_CallMethod(value, "detach", nullptr));
        for (int guard = 0; row && guard < 64; ++guard) {
            PyRef dims = PyRef::steal(PyObject_CallMethod(row.get(), "dim", nullptr));
            long dim = dims ? PyLong_AsLong(dims.get()) : -1;
            if (dim <= 1)
                break;
            PyRef zero = PyRef::steal(PyLong_FromLong(0));
            row = PyRef::steal(PyObject_GetItem(row.get(), zero.get()));
        }
        if (row) {
            PyRef slice = PyRef::steal(
                PySlice_New(nullptr, PyRef::steal(PyLong_FromLong(MaxTensorItems)).get(), nullptr));
            PyRef head;
            PyRef dims = PyRef::steal(PyObject_CallMethod(row.get(), "dim", nullptr));
            if (dims && PyLong_AsLong(dims.get()) == 0)
                head = row;
            else if (slice)
                head = PyRef::steal(PyObject_GetItem(row.get(), slice.get()));
            PyRef list =
                head ? PyRef::steal(PyObject_CallMethod(head.get(), "tolist", nullptr)) : PyRef();
            if (list && PyList_Check(list.get())) {
                shown = PyList_GET_SIZE(list.get());
                for (Py_ssize_t i = 0; i < shown; ++i) {
                    if (i)
                        items += ", ";
                    PyObject *item = PyList_GET_ITEM(list.get(), i);
                    if (PyFloat_Check(item)) {
                        char text[32];
                        std::snprintf(text, sizeof text, "%.4g", PyFloat_AS_DOUBLE(item));
                        items += text;
                        if (!std::strpbrk(text, ".eni")) // "1." as torch prints it, not "1"
                            items += '.';
                    } else {
                        appendRepr(item, items, MaxDepth);
                    }
                }
                itemsOk = true;
            } else if (list) {
                appendRepr(list.get(), items, MaxDepth); // a 0-d tensor's scalar
                itemsOk = true;
            }
        }
        PyErr_Clear(); // meta, sparse or quantised tensors: no elements to show
    }
    out += "tensor(";
    bool scalar = shapeText == "[]";
    if (scalar) {
        out += itemsOk ? items : "?";
    } else {
        out += '[';
        if (elements == 0)
            ;
        else if (itemsOk) {
            out += items;
            // Rows after the first are not shown either: say so whenever anything is hidden.
            if (elements > shown)
                out += ", \xE2\x80\xA6";
        } else
            out += "\xE2\x80\xA6";
        out += "], shape=" + shapeText;
    }
    out += ", dtype=" + dtypeText;
    if (requiresGrad)
        out += ", requires_grad=True";
    out += ')';
}

} // namespace dynascope
