// Guard::explain: the slow, explanatory check. It reads values through Python (attributes,
// len, ==) independently of GuardTree's C++ reads, and words each failure as TorchDynamo does
// (test/dynamo/test_recompile_ux.py: test_verbose_tensor_check, test_mismatched_type).
#include "guards/guard.h"
#include "sources/pyobjects.h"

#include <cstdio>

namespace dynascope {

namespace {

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

std::string typeName(PyTypeObject *t) {
    return t ? t->tp_name : "?";
}

// str(type(value)): "<class 'int'>", as Dynamo's tensor type failure prints it.
std::string typeStr(PyObject *value) {
    PyRef s = PyRef::steal(PyObject_Str(reinterpret_cast<PyObject *>(Py_TYPE(value))));
    const char *u = s ? PyUnicode_AsUTF8(s.get()) : nullptr;
    PyErr_Clear();
    return u ? u : typeName(Py_TYPE(value));
}

std::string dispatchKeysOf(PyObject *tensor) {
    static PyObject *fn = [] {
        PyRef c = PyRef::steal(PyImport_ImportModule("torch._C"));
        return c ? PyObject_GetAttrString(c.get(), "_dispatch_keys") : nullptr;
    }();
    PyRef keys = fn ? PyRef::steal(PyObject_CallOneArg(fn, tensor)) : PyRef();
    return pyRepr(keys.get(), 400);
}

bool gradEnabled() {
    static PyObject *fn = [] {
        PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
        return torch ? PyObject_GetAttrString(torch.get(), "is_grad_enabled") : nullptr;
    }();
    PyRef r = fn ? PyRef::steal(PyObject_CallNoArgs(fn)) : PyRef();
    if (!r) {
        PyErr_Clear();
        return true;
    }
    return r.get() == Py_True;
}

// type@address, as ___check_obj_id prints the object it expects.
std::string objectId(PyObject *o) {
    char address[32];
    std::snprintf(address, sizeof address, "@%p", static_cast<void *>(o));
    return typeName(Py_TYPE(o)) + address;
}

const char *boolText(bool b) {
    return b ? "True" : "False";
}

} // namespace

GuardFailure Guard::failure(std::string check, std::string expected, std::string actual,
                            std::string message) const {
    GuardFailure f;
    f.kind = kindName(m_kind);
    f.source = m_source ? m_source->text() : "";
    f.check = std::move(check);
    f.expected = std::move(expected);
    f.actual = std::move(actual);
    f.message = std::move(message);
    return f;
}

std::string Guard::check(PyObject *value, const SourceEnv &env) const {
    std::optional<GuardFailure> f = explain(value, env);
    return f ? f->message : "";
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

bool Guard::intChanged(PyObject *value) const {
    if (!value || !PyLong_CheckExact(value))
        return false;
    if (m_kind == Kind::TensorMatch)
        return true;
    if (m_kind != Kind::EqualsMatch || !m_object || !PyLong_CheckExact(m_object.get()))
        return false;
    int same = PyObject_RichCompareBool(value, m_object.get(), Py_EQ);
    PyErr_Clear();
    return same == 0;
}

std::string Guard::typeFailure() const {
    return "___check_type_id(" + m_source->text() + ", " + typeName(m_type) + ")";
}

std::optional<GuardFailure> Guard::explain(PyObject *value, const SourceEnv &env) const {
    if (m_kind == Kind::GlobalState) {
        bool now = gradEnabled();
        if (now != m_gradMode)
            return failure("grad_mode", boolText(m_gradMode), boolText(now),
                           "GLOBAL_STATE changed: grad_mode");
        // A global module hook (un)registered: module calls traced inline would miss it.
        bool hooks = py::anyGlobalModuleHooks();
        if (hooks != m_globalModuleHooks)
            return failure("global_module_hooks", boolText(m_globalModuleHooks), boolText(hooks),
                           "GLOBAL_STATE changed: global nn.Module hooks");
        // Factory calls and Python-number promotion read it: torch.set_default_dtype recompiles.
        PyObject *dtype = py::defaultDtype();
        if (dtype != m_defaultDtype)
            return failure("default_dtype", dtypeName(m_defaultDtype), dtypeName(dtype),
                           "GLOBAL_STATE changed: default_dtype");
        if (!stateReadHolds()) {
            PyRef now = PyRef::steal(
                PyObject_Call(m_call.get(), m_callArgs.get(), m_callKwargs.get()));
            PyErr_Clear();
            return failure(stateReadText(), pyRepr(m_object.get(), 60),
                           now ? pyRepr(now.get(), 60) : std::string("an exception"),
                           "GLOBAL_STATE changed: " + stateReadText());
        }
        return std::nullopt;
    }
    if (m_kind == Kind::ClassLookup) {
        PyObject *now = lookupNow();
        if (now == m_object.get())
            return std::nullopt;
        auto shown = [](PyObject *o) { return o ? pyRepr(o, 60) : std::string("nothing"); };
        return failure(typeName(m_type) + "." + m_attr, shown(m_object.get()), shown(now), m_text);
    }
    if (m_kind == Kind::TensorAliasing || m_kind == Kind::ObjectAliasing) {
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
            if (group != m_aliasGroups[i]) {
                auto sameAs = [&](int g) {
                    return g == static_cast<int>(i) ? std::string("a distinct object")
                                                    : "the object of " + m_aliasSources[g]->text();
                };
                return failure(m_aliasSources[i]->text(), sameAs(m_aliasGroups[i]), sameAs(group),
                               m_text);
            }
        }
        return std::nullopt;
    }
    if (!value)
        return failure("value", "present", "missing", m_source->text() + " is missing");
    switch (m_kind) {
    case Kind::TypeMatch:
        if (Py_TYPE(value) == m_type)
            return std::nullopt;
        return failure("type", typeName(m_type), typeName(Py_TYPE(value)), m_text);
    case Kind::IdMatch:
        if (value == m_object.get())
            return std::nullopt;
        return failure("id", objectId(m_object.get()), objectId(value), m_text);
    case Kind::EqualsMatch: {
        if (Py_TYPE(value) != m_type)
            return failure("type", typeName(m_type), typeName(Py_TYPE(value)), m_text);
        if (value == m_object.get())
            return std::nullopt;
        int eq = PyObject_RichCompareBool(value, m_object.get(), Py_EQ);
        if (eq < 0)
            PyErr_Clear();
        if (eq == 1)
            return std::nullopt;
        return failure("value", pyRepr(m_object.get(), 60), pyRepr(value, 60), m_text);
    }
    case Kind::SequenceLength: {
        if (Py_TYPE(value) != m_type)
            return failure("type", typeName(m_type), typeName(Py_TYPE(value)), typeFailure());
        Py_ssize_t n = PyObject_Length(value);
        if (n < 0)
            PyErr_Clear();
        if (n == m_length)
            return std::nullopt;
        return failure("len", std::to_string(m_length), std::to_string(n), m_text);
    }
    case Kind::DictKeys: {
        if (Py_TYPE(value) != m_type)
            return failure("type", typeName(m_type), typeName(Py_TYPE(value)), typeFailure());
        PyRef keys = PyRef::steal(PySequence_List(value));
        int eq = keys ? PyObject_RichCompareBool(keys.get(), m_object.get(), Py_EQ) : 0;
        if (eq < 0 || !keys)
            PyErr_Clear();
        if (eq == 1)
            return std::nullopt;
        return failure("keys", pyRepr(m_object.get(), 60), pyRepr(keys.get(), 60), m_text);
    }
    case Kind::TensorMatch:
        return explainTensor(value);
    case Kind::ShapeEnv:
        return explainShape(value, env);
    case Kind::HasAttr: {
        int r = PyObject_HasAttrString(value, m_attr.c_str());
        PyErr_Clear();
        if ((r == 1) == m_present)
            return std::nullopt;
        return failure("hasattr " + m_attr, boolText(m_present), boolText(r == 1), m_text);
    }
    case Kind::GlobalState:
    case Kind::TensorAliasing:
    case Kind::ObjectAliasing:
    case Kind::ClassLookup:
        break;
    }
    return std::nullopt;
}

std::optional<GuardFailure> Guard::explainTensor(PyObject *value) const {
    std::string prefix = "tensor '" + m_source->text() + "' ";
    if (Py_TYPE(value) != m_type) // Dynamo's words, stray quote included
        return failure("type", typeName(m_type), typeName(Py_TYPE(value)),
                       "expected type of '" + m_source->text() +
                           "' to be a tensor type, ' but found " + typeStr(value));
    std::string keys = dispatchKeysOf(value);
    if (keys != m_dispatchKeys)
        return failure("dispatch_keys", m_dispatchKeys, keys,
                       prefix + "dispatch key set mismatch. expected " + m_dispatchKeys +
                           ", actual " + keys);
    PyRef dtype = PyRef::steal(PyObject_GetAttrString(value, "dtype"));
    if (dtype.get() != m_dtype.get())
        return failure("dtype", scalarTypeName(m_dtype.get()), scalarTypeName(dtype.get()),
                       prefix + "dtype mismatch. expected " + scalarTypeName(m_dtype.get()) +
                           ", actual " + scalarTypeName(dtype.get()));
    PyRef device = PyRef::steal(PyObject_GetAttrString(value, "device"));
    int same = device ? PyObject_RichCompareBool(device.get(), m_device.get(), Py_EQ) : 0;
    if (same != 1) {
        PyErr_Clear();
        return failure("device", pyRepr(m_device.get()), pyRepr(device.get()),
                       prefix + "device mismatch. expected " + pyRepr(m_device.get()) +
                           ", actual " + pyRepr(device.get()));
    }
    PyRef rg = PyRef::steal(PyObject_GetAttrString(value, "requires_grad"));
    bool requiresGrad = rg.get() == Py_True;
    if (requiresGrad != m_requiresGrad)
        return failure("requires_grad", boolText(m_requiresGrad), boolText(requiresGrad),
                       prefix + "requires_grad mismatch. expected requires_grad=" +
                           (m_requiresGrad ? "1" : "0"));
    std::vector<long> sizes = tensorSizes(value);
    if (sizes.size() != m_sizes.size())
        return failure("rank", std::to_string(m_sizes.size()), std::to_string(sizes.size()),
                       prefix + "rank mismatch. expected " + std::to_string(m_sizes.size()) +
                           ", actual " + std::to_string(sizes.size()));
    for (size_t i = 0; i < sizes.size(); ++i)
        if (m_sizes[i] && *m_sizes[i] != sizes[i])
            return failure("size[" + std::to_string(i) + "]", std::to_string(*m_sizes[i]),
                           std::to_string(sizes[i]),
                           prefix + "size mismatch at index " + std::to_string(i) + ". expected " +
                               std::to_string(*m_sizes[i]) + ", actual " +
                               std::to_string(sizes[i]));
    bool needStrides = false;
    for (const auto &s : m_strides)
        needStrides = needStrides || s.has_value();
    std::vector<long> strides = needStrides ? tensorStrides(value) : std::vector<long>{};
    for (size_t i = 0; i < strides.size() && i < m_strides.size(); ++i)
        if (m_strides[i] && *m_strides[i] != strides[i])
            return failure("stride[" + std::to_string(i) + "]", std::to_string(*m_strides[i]),
                           std::to_string(strides[i]),
                           prefix + "stride mismatch at index " + std::to_string(i) +
                               ". expected " + std::to_string(*m_strides[i]) + ", actual " +
                               std::to_string(strides[i]));
    return explainMarkedDynamic(value);
}

std::optional<GuardFailure> Guard::explainTensorFast(PyObject *value) const {
    if (m_kind != Kind::TensorMatch || !value)
        return std::nullopt;
    if (Py_TYPE(value) != m_type)
        return explainTensor(value);
    int index = -1;
    TensorMismatch mismatch = TensorAccess::compare(value, m_tensor, &index);
    if (mismatch == TensorMismatch::None)
        return std::nullopt;
    TensorFacts now = TensorAccess::read(value);
    const TensorFacts &e = m_tensor;
    std::string prefix = "tensor '" + m_source->text() + "' ";
    auto mismatchOf = [&](const std::string &check, const std::string &what,
                          const std::string &expected, const std::string &actual) {
        return failure(check, expected, actual,
                       prefix + what + " mismatch. expected " + expected + ", actual " + actual);
    };
    std::string i = std::to_string(index);
    switch (mismatch) {
    case TensorMismatch::DispatchKeys:
        return mismatchOf("dispatch_keys", "dispatch key set",
                          TensorAccess::dispatchKeysText(e.dispatchKeys),
                          TensorAccess::dispatchKeysText(now.dispatchKeys));
    case TensorMismatch::Dtype:
        return mismatchOf("dtype", "dtype", TensorAccess::scalarTypeText(e.dtype),
                          TensorAccess::scalarTypeText(now.dtype));
    case TensorMismatch::Device:
        return mismatchOf("device", "device", TensorAccess::deviceText(e.deviceType, e.deviceIndex),
                          TensorAccess::deviceText(now.deviceType, now.deviceIndex));
    case TensorMismatch::RequiresGrad:
        return failure("requires_grad", boolText(e.requiresGrad), boolText(now.requiresGrad),
                       prefix + "requires_grad mismatch. expected requires_grad=" +
                           (e.requiresGrad ? "1" : "0"));
    case TensorMismatch::Rank:
        return mismatchOf("rank", "rank", std::to_string(e.sizes.size()),
                          std::to_string(now.sizes.size()));
    case TensorMismatch::Size:
        return failure(
            "size[" + i + "]", std::to_string(e.sizes[index]), std::to_string(now.sizes[index]),
            prefix + "size mismatch at index " + i + ". expected " +
                std::to_string(e.sizes[index]) + ", actual " + std::to_string(now.sizes[index]));
    case TensorMismatch::Stride:
        return failure("stride[" + i + "]", std::to_string(e.strides[index]),
                       std::to_string(now.strides[index]),
                       prefix + "stride mismatch at index " + i + ". expected " +
                           std::to_string(e.strides[index]) + ", actual " +
                           std::to_string(now.strides[index]));
    case TensorMismatch::MarkedDynamic:
        return explainMarkedDynamic(value);
    case TensorMismatch::None:
        break;
    }
    return std::nullopt;
}

std::string Guard::markedDimsText(uint64_t bits) {
    std::string text = "{";
    for (int d = 0; d < 64; ++d)
        if (bits & (uint64_t{1} << d))
            text += (text.size() > 1 ? ", " : "") + std::to_string(d);
    return text + "}";
}

std::optional<GuardFailure> Guard::explainMarkedDynamic(PyObject *value) const {
    uint64_t now = TensorAccess::markedDynamicDims(value);
    if (!(now & ~m_tensor.markedDynamic))
        return std::nullopt;
    return failure("marked_dynamic", markedDimsText(m_tensor.markedDynamic), markedDimsText(now),
                   "tensor '" + m_source->text() + "' has dims marked dynamic " +
                       markedDimsText(now) + ", not a subset of " +
                       markedDimsText(m_tensor.markedDynamic) + " the entry was compiled for");
}

std::map<std::string, std::string> Guard::expectations() const {
    std::map<std::string, std::string> e;
    switch (m_kind) {
    case Kind::GlobalState:
        e["grad_mode"] = boolText(m_gradMode);
        e["global_module_hooks"] = boolText(m_globalModuleHooks);
        e["default_dtype"] = dtypeName(m_defaultDtype);
        if (m_call)
            e[stateReadText()] = pyRepr(m_object.get(), 60);
        break;
    case Kind::TensorAliasing:
    case Kind::ObjectAliasing:
        for (size_t i = 0; i < m_aliasSources.size(); ++i) {
            int g = m_aliasGroups[i];
            e[m_aliasSources[i]->text()] = g == static_cast<int>(i)
                                               ? std::string("a distinct object")
                                               : "the object of " + m_aliasSources[g]->text();
        }
        break;
    case Kind::TypeMatch:
        e["type"] = typeName(m_type);
        break;
    case Kind::IdMatch:
        e["id"] = objectId(m_object.get());
        break;
    case Kind::EqualsMatch:
        e["type"] = typeName(m_type);
        e["value"] = pyRepr(m_object.get(), 60);
        break;
    case Kind::SequenceLength:
        e["type"] = typeName(m_type);
        e["len"] = std::to_string(m_length);
        break;
    case Kind::DictKeys:
        e["type"] = typeName(m_type);
        e["keys"] = pyRepr(m_object.get(), 60);
        break;
    case Kind::HasAttr:
        e["hasattr " + m_attr] = boolText(m_present);
        break;
    case Kind::ClassLookup:
        e[typeName(m_type) + "." + m_attr] =
            m_object ? pyRepr(m_object.get(), 60) : std::string("nothing");
        break;
    case Kind::ShapeEnv: {
        std::string check = "size()[" + std::to_string(m_dim) + "]";
        if (m_length == 2)
            e[check] = std::to_string(*m_sizes[0]);
        else if (!m_other)
            e[check] = ">= 2";
        // dimsEqual expects the other input's size, known only on the call: sent with it.
        break;
    }
    case Kind::TensorMatch: {
        const TensorFacts &t = m_tensor;
        e["type"] = typeName(m_type);
        e["dispatch_keys"] = TensorAccess::dispatchKeysText(t.dispatchKeys);
        e["dtype"] = TensorAccess::scalarTypeText(t.dtype);
        e["device"] = TensorAccess::deviceText(t.deviceType, t.deviceIndex);
        e["requires_grad"] = boolText(t.requiresGrad);
        e["rank"] = std::to_string(m_sizes.size());
        for (size_t i = 0; i < m_sizes.size(); ++i)
            if (m_sizes[i])
                e["size[" + std::to_string(i) + "]"] = std::to_string(*m_sizes[i]);
        for (size_t i = 0; i < m_strides.size(); ++i)
            if (m_strides[i])
                e["stride[" + std::to_string(i) + "]"] = std::to_string(*m_strides[i]);
        e["marked_dynamic"] = markedDimsText(t.markedDynamic);
        break;
    }
    }
    return e;
}

std::optional<GuardFailure> Guard::explainShape(PyObject *value, const SourceEnv &env) const {
    std::vector<long> sizes = tensorSizes(value);
    std::string check = "size()[" + std::to_string(m_dim) + "]";
    if (m_dim >= static_cast<int>(sizes.size()))
        return failure(check, "a dimension " + std::to_string(m_dim),
                       "rank " + std::to_string(sizes.size()), m_text);
    long size = sizes[m_dim];
    if (m_length == 2) {
        if (size == *m_sizes[0])
            return std::nullopt;
        return failure(check, std::to_string(*m_sizes[0]), std::to_string(size), m_text);
    }
    if (!m_other) {
        if (size >= 2)
            return std::nullopt;
        return failure(check, ">= 2", std::to_string(size), m_text);
    }
    PyRef other = m_other->fetch(env);
    std::vector<long> otherSizes = other ? tensorSizes(other.get()) : std::vector<long>{};
    if (m_otherDim >= static_cast<int>(otherSizes.size()))
        return failure(check, m_other->text() + ".size()[" + std::to_string(m_otherDim) + "]",
                       "missing", m_text);
    if (size == otherSizes[m_otherDim])
        return std::nullopt;
    return failure(check, std::to_string(otherSizes[m_otherDim]), std::to_string(size), m_text);
}

} // namespace dynascope
