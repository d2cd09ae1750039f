// Guard construction, printable texts and the per-call check with Dynamo's failure wording.
#include "guards/guard.h"

#include <sstream>

namespace dynascope {

namespace {

PyObject *torchModule() {
    static PyObject *torch = PyImport_ImportModule("torch");
    return torch;
}

bool gradEnabled() {
    static PyObject *fn = PyObject_GetAttrString(torchModule(), "is_grad_enabled");
    PyRef r = PyRef::steal(PyObject_CallNoArgs(fn));
    if (!r) {
        PyErr_Clear();
        return true;
    }
    return r.get() == Py_True;
}

std::vector<long> intTuple(PyObject *seq) {
    std::vector<long> out;
    PyRef fast = PyRef::steal(PySequence_Fast(seq, "sizes"));
    if (!fast) {
        PyErr_Clear();
        return out;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.get());
    for (Py_ssize_t i = 0; i < n; ++i)
        out.push_back(PyLong_AsLong(PySequence_Fast_GET_ITEM(fast.get(), i)));
    return out;
}

std::vector<long> tensorSizes(PyObject *t) {
    PyRef shape = PyRef::steal(PyObject_GetAttrString(t, "shape"));
    if (!shape) {
        PyErr_Clear();
        return {};
    }
    return intTuple(shape.get());
}

std::vector<long> tensorStrides(PyObject *t) {
    PyRef strides = PyRef::steal(PyObject_CallMethod(t, "stride", nullptr));
    if (!strides) {
        PyErr_Clear();
        return {};
    }
    return intTuple(strides.get());
}

std::string listText(const std::vector<std::optional<long>> &v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) {
        s += i ? ", " : "";
        s += v[i] ? std::to_string(*v[i]) : "None";
    }
    return s + "]";
}

std::string typeName(PyTypeObject *t) {
    return t ? t->tp_name : "?";
}

} // namespace

std::string dtypeName(PyObject *dtype) {
    std::string s = pyRepr(dtype);
    return s.rfind("torch.", 0) == 0 ? s.substr(6) : s;
}

std::string scalarTypeName(PyObject *dtype) {
    static const std::pair<const char *, const char *> names[] = {{"float32", "Float"},
                                                                  {"float64", "Double"},
                                                                  {"float16", "Half"},
                                                                  {"bfloat16", "BFloat16"},
                                                                  {"int64", "Long"},
                                                                  {"int32", "Int"},
                                                                  {"int16", "Short"},
                                                                  {"int8", "Char"},
                                                                  {"uint8", "Byte"},
                                                                  {"bool", "Bool"},
                                                                  {"complex64", "ComplexFloat"},
                                                                  {"complex128", "ComplexDouble"}};
    std::string n = dtypeName(dtype);
    for (const auto &p : names)
        if (n == p.first)
            return p.second;
    return n;
}

const char *Guard::kindName(Kind kind) {
    switch (kind) {
    case Kind::TypeMatch:
        return "TYPE_MATCH";
    case Kind::IdMatch:
        return "ID_MATCH";
    case Kind::EqualsMatch:
        return "EQUALS_MATCH";
    case Kind::TensorMatch:
        return "TENSOR_MATCH";
    case Kind::SequenceLength:
        return "SEQUENCE_LENGTH";
    case Kind::DictKeys:
        return "DICT_KEYS";
    case Kind::GlobalState:
        return "GLOBAL_STATE";
    case Kind::ShapeEnv:
        return "SHAPE_ENV";
    case Kind::HasAttr:
        return "HASATTR";
    case Kind::TensorAliasing:
        return "TENSOR_ALIASING";
    }
    return "?";
}

GuardInfo Guard::info() const {
    GuardInfo g;
    g.kind = kindName(m_kind);
    g.source = m_source ? m_source->text() : "";
    g.text = m_text;
    return g;
}

Guard Guard::typeMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::TypeMatch, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_text = "___check_type_id(" + g.m_source->text() + ", " + typeName(g.m_type) + ")";
    return g;
}

Guard Guard::idMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::IdMatch, std::move(source));
    g.m_object = PyRef::borrow(value);
    std::ostringstream s;
    s << "___check_obj_id(" << g.m_source->text() << ", " << typeName(Py_TYPE(value)) << "@"
      << static_cast<const void *>(value) << ")";
    g.m_text = s.str();
    return g;
}

Guard Guard::equalsMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::EqualsMatch, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_object = PyRef::borrow(value);
    g.m_text = g.m_source->text() + (value == Py_None ? " is " : " == ") + pyRepr(value);
    return g;
}

Guard Guard::sequenceLength(SourcePtr source, PyObject *value) {
    Guard g(Kind::SequenceLength, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_length = static_cast<long>(PyObject_Length(value));
    g.m_text = "len(" + g.m_source->text() + ") == " + std::to_string(g.m_length);
    return g;
}

Guard Guard::dictKeys(SourcePtr source, PyObject *value) {
    Guard g(Kind::DictKeys, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_object = PyRef::steal(PySequence_List(value));
    g.m_text = "list(" + g.m_source->text() + ".keys()) == " + pyRepr(g.m_object.get(), 200);
    return g;
}

Guard Guard::tensorMatch(SourcePtr source, PyObject *tensor,
                         const std::vector<std::optional<long>> &sizes) {
    Guard g(Kind::TensorMatch, std::move(source));
    g.m_type = Py_TYPE(tensor);
    g.m_dtype = PyRef::steal(PyObject_GetAttrString(tensor, "dtype"));
    g.m_device = PyRef::steal(PyObject_GetAttrString(tensor, "device"));
    PyRef rg = PyRef::steal(PyObject_GetAttrString(tensor, "requires_grad"));
    g.m_requiresGrad = rg.get() == Py_True;
    g.m_sizes = sizes;
    std::vector<long> strides = tensorStrides(tensor);
    bool anyDynamic = false;
    for (const auto &s : sizes)
        anyDynamic = anyDynamic || !s;
    for (size_t i = 0; i < strides.size(); ++i)
        g.m_strides.push_back(anyDynamic ? std::nullopt : std::optional<long>(strides[i]));
    PyErr_Clear();
    g.m_text = "check_tensor(" + g.m_source->text() + ", " + typeName(g.m_type) + ", " +
               pyRepr(g.m_dtype.get()) + ", device=" + pyRepr(g.m_device.get()) +
               ", requires_grad=" + (g.m_requiresGrad ? "True" : "False") +
               ", size=" + listText(g.m_sizes) + ", stride=" + listText(g.m_strides) + ")";
    return g;
}

Guard Guard::globalState() {
    Guard g(Kind::GlobalState, nullptr);
    g.m_gradMode = gradEnabled();
    g.m_text = std::string("___check_global_state() (grad_mode=") +
               (g.m_gradMode ? "True" : "False") + ")";
    return g;
}

Guard Guard::dimAtLeastTwo(SourcePtr source, int dim, const std::string &symbol) {
    Guard g(Kind::ShapeEnv, std::move(source));
    g.m_dim = dim;
    g.m_text = "2 <= " + g.m_source->text() + ".size()[" + std::to_string(dim) + "]  # " + symbol;
    return g;
}

Guard Guard::dimsEqual(SourcePtr source, int dim, SourcePtr other, int otherDim) {
    Guard g(Kind::ShapeEnv, std::move(source));
    g.m_dim = dim;
    g.m_other = std::move(other);
    g.m_otherDim = otherDim;
    g.m_length = 1; // marks the equality form
    g.m_text = g.m_source->text() + ".size()[" + std::to_string(dim) + "] == " + g.m_other->text() +
               ".size()[" + std::to_string(otherDim) + "]";
    return g;
}

Guard Guard::dimEquals(SourcePtr source, int dim, long value) {
    Guard g(Kind::ShapeEnv, std::move(source));
    g.m_dim = dim;
    g.m_length = 2; // marks the specialised form
    g.m_sizes = {value};
    g.m_text =
        g.m_source->text() + ".size()[" + std::to_string(dim) + "] == " + std::to_string(value);
    return g;
}

Guard Guard::hasAttr(SourcePtr source, const std::string &name, bool present) {
    Guard g(Kind::HasAttr, std::move(source));
    g.m_attr = name;
    g.m_present = present;
    g.m_text =
        std::string(present ? "" : "not ") + "hasattr(" + g.m_source->text() + ", '" + name + "')";
    return g;
}

Guard Guard::tensorAliasing(std::vector<SourcePtr> sources, std::vector<int> groups) {
    Guard g(Kind::TensorAliasing, nullptr);
    std::string distinct, same;
    for (size_t i = 0; i < sources.size(); ++i) {
        if (groups[i] == static_cast<int>(i))
            distinct += (distinct.empty() ? "" : ", ") + sources[i]->text();
        else
            same += (same.empty() ? "" : " and ") + sources[i]->text() + " is " +
                    sources[groups[i]]->text();
    }
    g.m_text = "___check_no_aliasing(" + distinct + ")" + (same.empty() ? "" : " and " + same);
    g.m_aliasSources = std::move(sources);
    g.m_aliasGroups = std::move(groups);
    return g;
}

std::vector<int> Guard::changedDims(PyObject *value) const {
    std::vector<int> out;
    if (m_kind != Kind::TensorMatch || !value)
        return out;
    std::vector<long> sizes = tensorSizes(value);
    if (sizes.size() != m_sizes.size())
        return out;
    for (size_t i = 0; i < sizes.size(); ++i)
        if (m_sizes[i] && *m_sizes[i] != sizes[i])
            out.push_back(static_cast<int>(i));
    return out;
}

std::string Guard::check(PyObject *value, const SourceEnv &env) const {
    if (m_kind == Kind::GlobalState)
        return gradEnabled() == m_gradMode ? "" : "GLOBAL_STATE changed: grad_mode";
    if (m_kind == Kind::TensorAliasing) {
        std::vector<PyRef> objects;
        for (const SourcePtr &s : m_aliasSources)
            objects.push_back(s->fetch(env));
        for (size_t i = 0; i < objects.size(); ++i) {
            // The first earlier source holding the same object must be the recorded one.
            int group = static_cast<int>(i);
            for (size_t j = 0; j < i; ++j)
                if (objects[j] && objects[j].get() == objects[i].get()) {
                    group = static_cast<int>(j);
                    break;
                }
            if (group != m_aliasGroups[i])
                return m_text;
        }
        return "";
    }
    if (!value)
        return m_source->text() + " is missing";
    switch (m_kind) {
    case Kind::TypeMatch:
        return Py_TYPE(value) == m_type ? "" : m_text;
    case Kind::IdMatch:
        return value == m_object.get() ? "" : m_text;
    case Kind::EqualsMatch: {
        if (Py_TYPE(value) != m_type)
            return m_text;
        if (value == m_object.get())
            return "";
        int eq = PyObject_RichCompareBool(value, m_object.get(), Py_EQ);
        if (eq < 0)
            PyErr_Clear();
        return eq == 1 ? "" : m_text;
    }
    case Kind::SequenceLength: {
        if (Py_TYPE(value) != m_type)
            return "___check_type_id(" + m_source->text() + ", " + typeName(m_type) + ")";
        Py_ssize_t n = PyObject_Length(value);
        if (n < 0)
            PyErr_Clear();
        return n == m_length ? "" : m_text;
    }
    case Kind::DictKeys: {
        if (Py_TYPE(value) != m_type)
            return "___check_type_id(" + m_source->text() + ", " + typeName(m_type) + ")";
        PyRef keys = PyRef::steal(PySequence_List(value));
        if (!keys) {
            PyErr_Clear();
            return m_text;
        }
        int eq = PyObject_RichCompareBool(keys.get(), m_object.get(), Py_EQ);
        if (eq < 0)
            PyErr_Clear();
        return eq == 1 ? "" : m_text;
    }
    case Kind::TensorMatch: {
        std::string prefix = "tensor '" + m_source->text() + "' ";
        if (Py_TYPE(value) != m_type)
            // PyTorch's guards.cpp prints "…a tensor type, ' but found" (a stray quote that
            // test_recompile_ux.py's test_mismatched_type asserts); ours reads as a sentence.
            return "expected type of '" + m_source->text() + "' to be a tensor type, but found " +
                   typeName(Py_TYPE(value));
        PyRef dtype = PyRef::steal(PyObject_GetAttrString(value, "dtype"));
        if (dtype.get() != m_dtype.get())
            return prefix + "dtype mismatch. expected " + scalarTypeName(m_dtype.get()) +
                   ", actual " + scalarTypeName(dtype.get());
        PyRef device = PyRef::steal(PyObject_GetAttrString(value, "device"));
        int same = device ? PyObject_RichCompareBool(device.get(), m_device.get(), Py_EQ) : 0;
        if (same != 1) {
            PyErr_Clear();
            return prefix + "device mismatch. expected " + pyRepr(m_device.get()) + ", actual " +
                   pyRepr(device.get());
        }
        PyRef rg = PyRef::steal(PyObject_GetAttrString(value, "requires_grad"));
        if ((rg.get() == Py_True) != m_requiresGrad)
            return prefix +
                   "requires_grad mismatch. expected requires_grad=" + (m_requiresGrad ? "1" : "0");
        std::vector<long> sizes = tensorSizes(value);
        if (sizes.size() != m_sizes.size())
            return prefix + "rank mismatch. expected " + std::to_string(m_sizes.size()) +
                   ", actual " + std::to_string(sizes.size());
        std::vector<long> strides;
        bool needStrides = false;
        for (const auto &s : m_strides)
            needStrides = needStrides || s.has_value();
        if (needStrides)
            strides = tensorStrides(value);
        for (size_t i = 0; i < sizes.size(); ++i) {
            if (m_sizes[i] && *m_sizes[i] != sizes[i])
                return prefix + "size mismatch at index " + std::to_string(i) + ". expected " +
                       std::to_string(*m_sizes[i]) + ", actual " + std::to_string(sizes[i]);
            if (i < m_strides.size() && m_strides[i] && i < strides.size() &&
                *m_strides[i] != strides[i])
                return prefix + "stride mismatch at index " + std::to_string(i) + ". expected " +
                       std::to_string(*m_strides[i]) + ", actual " + std::to_string(strides[i]);
        }
        return "";
    }
    case Kind::ShapeEnv: {
        std::vector<long> sizes = tensorSizes(value);
        if (m_dim >= static_cast<int>(sizes.size()))
            return m_text;
        if (m_length == 2)
            return sizes[m_dim] == *m_sizes[0] ? "" : m_text;
        if (!m_other)
            return sizes[m_dim] >= 2 ? "" : m_text;
        PyRef other = m_other->fetch(env);
        std::vector<long> otherSizes = other ? tensorSizes(other.get()) : std::vector<long>{};
        if (m_otherDim >= static_cast<int>(otherSizes.size()))
            return m_text;
        return sizes[m_dim] == otherSizes[m_otherDim] ? "" : m_text;
    }
    case Kind::HasAttr: {
        int r = PyObject_HasAttrString(value, m_attr.c_str());
        PyErr_Clear();
        return (r == 1) == m_present ? "" : m_text;
    }
    case Kind::GlobalState:
    case Kind::TensorAliasing:
        break;
    }
    return "";
}

} // namespace dynascope
