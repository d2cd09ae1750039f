// Guard construction: the expectations each kind records, its printable text (as Dynamo prints
// guards) and its terms in the article's conjunction.
#include "guards/guard.h"

#include "sources/pyobjects.h"

#include <sstream>

namespace dynascope {

namespace {

PyObject *torchModule() {
    static PyObject *torch = PyImport_ImportModule("torch");
    return torch;
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

std::string shortTypeName(PyTypeObject *t) {
    std::string n = typeName(t);
    size_t dot = n.rfind('.');
    return dot == std::string::npos ? n : n.substr(dot + 1);
}

std::string dimText(const std::string &source, int dim) {
    return "shape(" + shortSourceText(source) + ")[" + std::to_string(dim) + "]";
}

} // namespace

std::string shortSourceText(const std::string &text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        if (text.compare(i, 17, "G['__builtins__']") == 0) {
            out += "builtins";
            i += 17;
            continue;
        }
        bool local = text.compare(i, 3, "L['") == 0, global = text.compare(i, 3, "G['") == 0;
        size_t end = (local || global) ? text.find("']", i + 3) : std::string::npos;
        if (end != std::string::npos) {
            out += text.substr(i + 3, end - i - 3);
            i = end + 2;
        } else {
            out += text[i++];
        }
    }
    return out;
}

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
    case Kind::ObjectAliasing:
        return "OBJECT_ALIASING";
    case Kind::ClassLookup:
        return "CLASS_LOOKUP";
    }
    return "?";
}

GuardInfo Guard::info() const {
    GuardInfo g;
    g.kind = kindName(m_kind);
    g.source = m_source ? m_source->text() : "";
    g.text = m_text;
    g.terms = m_terms;
    g.expected = expectations();
    return g;
}

Guard Guard::typeMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::TypeMatch, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_text = "___check_type_id(" + g.m_source->text() + ", " + typeName(g.m_type) + ")";
    g.m_terms = {"type(" + shortSourceText(g.m_source->text()) + ") = " + shortTypeName(g.m_type)};
    return g;
}

Guard Guard::idMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::IdMatch, std::move(source));
    g.m_object = PyRef::borrow(value);
    std::ostringstream s;
    s << "___check_obj_id(" << g.m_source->text() << ", " << typeName(Py_TYPE(value)) << "@"
      << static_cast<const void *>(value) << ")";
    g.m_text = s.str();
    g.m_terms = {shortSourceText(g.m_source->text()) + " is " + pyRepr(value, 40)};
    return g;
}

Guard Guard::equalsMatch(SourcePtr source, PyObject *value) {
    Guard g(Kind::EqualsMatch, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_object = PyRef::borrow(value);
    g.m_text = g.m_source->text() + (value == Py_None ? " is " : " == ") + pyRepr(value);
    std::string x = shortSourceText(g.m_source->text());
    g.m_terms = {"type(" + x + ") = " + shortTypeName(g.m_type), x + " = " + pyRepr(value, 40)};
    return g;
}

Guard Guard::sequenceLength(SourcePtr source, PyObject *value) {
    Guard g(Kind::SequenceLength, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_length = static_cast<long>(PyObject_Length(value));
    g.m_text = "len(" + g.m_source->text() + ") == " + std::to_string(g.m_length);
    std::string x = shortSourceText(g.m_source->text());
    g.m_terms = {"type(" + x + ") = " + shortTypeName(g.m_type),
                 "len(" + x + ") = " + std::to_string(g.m_length)};
    return g;
}

Guard Guard::dictKeys(SourcePtr source, PyObject *value) {
    Guard g(Kind::DictKeys, std::move(source));
    g.m_type = Py_TYPE(value);
    g.m_object = PyRef::steal(PySequence_List(value));
    g.m_text = "list(" + g.m_source->text() + ".keys()) == " + pyRepr(g.m_object.get(), 200);
    g.m_terms = {"keys(" + shortSourceText(g.m_source->text()) +
                 ") = " + pyRepr(g.m_object.get(), 60)};
    return g;
}

Guard Guard::tensorMatch(SourcePtr source, PyObject *tensor,
                         const std::vector<std::optional<long>> &sizes,
                         const std::vector<std::string> &symbols) {
    Guard g(Kind::TensorMatch, std::move(source));
    g.m_type = Py_TYPE(tensor);
    g.m_dtype = PyRef::steal(PyObject_GetAttrString(tensor, "dtype"));
    g.m_device = PyRef::steal(PyObject_GetAttrString(tensor, "device"));
    PyRef rg = PyRef::steal(PyObject_GetAttrString(tensor, "requires_grad"));
    g.m_requiresGrad = rg.get() == Py_True;
    static PyObject *dispatchKeys = PyObject_GetAttrString(
        PyRef::steal(PyObject_GetAttrString(torchModule(), "_C")).get(), "_dispatch_keys");
    PyRef keys = PyRef::steal(PyObject_CallOneArg(dispatchKeys, tensor));
    g.m_dispatchKeys = pyRepr(keys.get(), 400);
    g.m_sizes = sizes;
    PyRef strideTuple = PyRef::steal(PyObject_CallMethod(tensor, "stride", nullptr));
    std::vector<long> strides = strideTuple ? intTuple(strideTuple.get()) : std::vector<long>{};
    bool anyDynamic = false;
    for (const auto &s : sizes)
        anyDynamic = anyDynamic || !s;
    for (size_t i = 0; i < strides.size(); ++i)
        g.m_strides.push_back(anyDynamic ? std::nullopt : std::optional<long>(strides[i]));
    PyErr_Clear();
    g.m_tensor = TensorAccess::read(tensor);
    for (size_t i = 0; i < g.m_tensor.sizes.size(); ++i) {
        if (i >= sizes.size() || !sizes[i])
            g.m_tensor.sizes[i] = -1;
        if (anyDynamic)
            g.m_tensor.strides[i] = -1;
    }
    g.m_text = "check_tensor(" + g.m_source->text() + ", " + typeName(g.m_type) + ", " +
               pyRepr(g.m_dtype.get()) + ", device=" + pyRepr(g.m_device.get()) +
               ", requires_grad=" + (g.m_requiresGrad ? "True" : "False") +
               ", size=" + listText(g.m_sizes) + ", stride=" + listText(g.m_strides) + ")";
    std::string x = shortSourceText(g.m_source->text());
    std::string shape = "(";
    for (size_t i = 0; i < sizes.size(); ++i) {
        shape += i ? ", " : "";
        if (sizes[i])
            shape += std::to_string(*sizes[i]);
        else
            shape += i < symbols.size() && !symbols[i].empty() ? symbols[i] : "?";
    }
    shape += sizes.size() == 1 ? ",)" : ")";
    g.m_terms = {"type(" + x + ") = " + shortTypeName(g.m_type),
                 "dtype(" + x + ") = " + dtypeName(g.m_dtype.get()),
                 "device(" + x + ") = " + pyRepr(g.m_device.get()), "shape(" + x + ") = " + shape,
                 std::string("grad(") + x + ") = " + (g.m_requiresGrad ? "True" : "False")};
    if (g.m_tensor.markedDynamic)
        g.m_terms.push_back("marked_dynamic(" + x + ") ⊆ " +
                            markedDimsText(g.m_tensor.markedDynamic));
    return g;
}

Guard Guard::globalState() {
    Guard g(Kind::GlobalState, nullptr);
    g.m_gradMode = TensorAccess::gradModeEnabled();
    g.m_globalModuleHooks = py::anyGlobalModuleHooks();
    g.m_defaultDtype = py::defaultDtype();
    g.m_defaultScalarType = TensorAccess::defaultScalarType();
    std::string mode = g.m_gradMode ? "True" : "False";
    g.m_text = "___check_global_state() (grad_mode=" + mode + ")";
    g.m_terms = {"grad_mode = " + mode,
                 "default_dtype = " + dtypeName(g.m_defaultDtype)};
    return g;
}

Guard Guard::stateRead(PyObject *fn, PyObject *args, PyObject *kwargs, PyObject *value) {
    Guard g = globalState();
    g.m_call = PyRef::borrow(fn);
    g.m_callArgs = PyRef::borrow(args);
    g.m_callKwargs = PyRef::borrow(kwargs);
    g.m_object = PyRef::borrow(value);
    g.m_text += " and " + g.stateReadText() + " == " + pyRepr(value, 60);
    g.m_terms.push_back(g.stateReadText() + " = " + pyRepr(value, 40));
    return g;
}

bool Guard::stateReadHolds() const {
    if (!m_call)
        return true;
    PyRef now = PyRef::steal(PyObject_Call(m_call.get(), m_callArgs.get(), m_callKwargs.get()));
    int same = now ? PyObject_RichCompareBool(now.get(), m_object.get(), Py_EQ) : -1;
    if (same < 0)
        PyErr_Clear();
    return same == 1;
}

std::string Guard::stateReadText() const {
    PyRef name = PyRef::steal(PyObject_GetAttrString(m_call.get(), "__qualname__"));
    PyRef mod = PyRef::steal(PyObject_GetAttrString(m_call.get(), "__module__"));
    PyErr_Clear();
    std::string text = name && PyUnicode_Check(name.get()) ? PyUnicode_AsUTF8(name.get()) : "?";
    if (mod && PyUnicode_Check(mod.get()))
        text = std::string(PyUnicode_AsUTF8(mod.get())) + "." + text;
    std::string args = pyRepr(m_callArgs.get(), 40);
    return text + (args == "()" ? "()" : args);
}

Guard Guard::dimAtLeastTwo(SourcePtr source, int dim, const std::string &symbol) {
    Guard g(Kind::ShapeEnv, std::move(source));
    g.m_dim = dim;
    g.m_text = "2 <= " + g.m_source->text() + ".size()[" + std::to_string(dim) + "]  # " + symbol;
    g.m_terms = {symbol + " = " + dimText(g.m_source->text(), dim), symbol + " ≥ 2"};
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
    g.m_terms = {dimText(g.m_source->text(), dim) + " = " + dimText(g.m_other->text(), otherDim)};
    return g;
}

Guard Guard::dimEquals(SourcePtr source, int dim, long value) {
    Guard g(Kind::ShapeEnv, std::move(source));
    g.m_dim = dim;
    g.m_length = 2; // marks the specialised form
    g.m_sizes = {value};
    g.m_text =
        g.m_source->text() + ".size()[" + std::to_string(dim) + "] == " + std::to_string(value);
    g.m_terms = {dimText(g.m_source->text(), dim) + " = " + std::to_string(value)};
    return g;
}

Guard Guard::hasAttr(SourcePtr source, const std::string &name, bool present) {
    Guard g(Kind::HasAttr, std::move(source));
    g.m_attr = name;
    g.m_present = present;
    g.m_text =
        std::string(present ? "" : "not ") + "hasattr(" + g.m_source->text() + ", '" + name + "')";
    g.m_terms = {std::string(present ? "" : "¬") + "hasattr(" +
                 shortSourceText(g.m_source->text()) + ", '" + name + "')"};
    return g;
}

Guard Guard::classLookup(PyObject *cls, const std::string &name, PyObject *found) {
    Guard g(Kind::ClassLookup, nullptr);
    g.m_class = PyRef::borrow(cls);
    g.m_type = reinterpret_cast<PyTypeObject *>(cls);
    g.m_attr = name;
    g.m_name = PyRef::steal(PyUnicode_InternFromString(name.c_str()));
    g.m_object = PyRef::borrow(found);
    std::string what = found ? pyRepr(found, 60) : std::string("nothing");
    g.m_text = "___check_type_lookup(" + typeName(g.m_type) + ", '" + name + "') is " + what;
    g.m_terms = {shortTypeName(g.m_type) + "." + name + " is " +
                 (found ? pyRepr(found, 40) : what)};
    return g;
}

PyObject *Guard::lookupNow() const {
    return _PyType_Lookup(m_type, m_name.get()); // borrowed; never raises
}

Guard Guard::tensorAliasing(std::vector<SourcePtr> sources, std::vector<int> groups) {
    return aliasing(Kind::TensorAliasing, std::move(sources), std::move(groups));
}

Guard Guard::objectAliasing(std::vector<SourcePtr> sources, std::vector<int> groups) {
    return aliasing(Kind::ObjectAliasing, std::move(sources), std::move(groups));
}

Guard Guard::aliasing(Kind kind, std::vector<SourcePtr> sources, std::vector<int> groups) {
    Guard g(kind, nullptr);
    std::string distinct, same;
    for (size_t i = 0; i < sources.size(); ++i) {
        if (groups[i] == static_cast<int>(i))
            distinct += (distinct.empty() ? "" : ", ") + sources[i]->text();
        else
            same += (same.empty() ? "" : " and ") + sources[i]->text() + " is " +
                    sources[groups[i]]->text();
    }
    g.m_text = std::string(kind == Kind::TensorAliasing ? "___check_no_aliasing("
                                                        : "___check_distinct_objects(") +
               distinct + ")" + (same.empty() ? "" : " and " + same);
    std::string distinctTerm;
    for (size_t i = 0; i < sources.size(); ++i)
        if (groups[i] == static_cast<int>(i))
            distinctTerm +=
                (distinctTerm.empty() ? "" : ", ") + shortSourceText(sources[i]->text());
        else
            g.m_terms.push_back(shortSourceText(sources[i]->text()) + " is " +
                                shortSourceText(sources[groups[i]]->text()));
    g.m_terms.insert(g.m_terms.begin(), "distinct(" + distinctTerm + ")");
    g.m_aliasSources = std::move(sources);
    g.m_aliasGroups = std::move(groups);
    return g;
}

} // namespace dynascope
