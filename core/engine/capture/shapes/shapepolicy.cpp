// ShapePolicy: duck-shaped symbols (equal sizes share one), 0/1 stay static.
#include "shapes/shapepolicy.h"

namespace dynascope {

std::set<int> markedDynamicDims(PyObject *tensor) {
    std::set<int> dims;
    PyRef marked = PyRef::steal(PyObject_GetAttrString(tensor, "_dynascope_dynamic_dims"));
    if (!marked) {
        PyErr_Clear();
        return dims;
    }
    PyRef it = PyRef::steal(PyObject_GetIter(marked.get()));
    while (it) {
        PyRef d = PyRef::steal(PyIter_Next(it.get()));
        if (!d)
            break;
        dims.insert(static_cast<int>(PyLong_AsLong(d.get())));
    }
    PyErr_Clear();
    return dims;
}

bool isParameter(PyObject *tensor) {
    static PyObject *parameterType = [] {
        PyRef nn = PyRef::steal(PyImport_ImportModule("torch.nn"));
        PyObject *t = nn ? PyObject_GetAttrString(nn.get(), "Parameter") : nullptr;
        PyErr_Clear();
        return t; // kept for the process
    }();
    int r = parameterType ? PyObject_IsInstance(tensor, parameterType) : 0;
    PyErr_Clear();
    return r == 1;
}

void ShapePolicy::markChanged(const std::string &source, int dim) {
    m_changed[source].insert(dim);
}

void ShapePolicy::markScalarChanged(const std::string &source) {
    m_changedScalars.insert(source);
}

bool ShapePolicy::isDynamicScalar(const std::string &source) const {
    // dynamic=False keeps every int static, as Dynamo's automatic_dynamic_shapes=False does.
    return m_mode != Mode::Static && m_changedScalars.count(source) > 0;
}

void ShapePolicy::beginTrace() {
    m_symbols.clear();
}

std::vector<std::string> ShapePolicy::symbolsFor(const SourcePtr &source, PyObject *tensor,
                                                 const std::vector<long> &sizes, GuardSet &guards) {
    std::vector<std::string> out(sizes.size());
    if (m_mode == Mode::Static)
        return out;
    std::set<int> dynamicDims = markedDynamicDims(tensor);
    // nn.Parameters keep static shapes unless marked (Dynamo's force_parameter_static_shapes).
    bool parameter = isParameter(tensor);
    if (auto it = m_changed.find(source->text()); it != m_changed.end() && !parameter)
        dynamicDims.insert(it->second.begin(), it->second.end());
    for (size_t i = 0; i < sizes.size(); ++i) {
        bool dynamic =
            (m_mode == Mode::Dynamic && !parameter) || dynamicDims.count(static_cast<int>(i));
        if (!dynamic || sizes[i] < 2)
            continue;
        const Symbol *shared = nullptr;
        for (const Symbol &s : m_symbols)
            if (s.value == sizes[i]) {
                shared = &s;
                break;
            }
        if (shared) {
            out[i] = shared->name;
            guards.add(Guard::dimsEqual(source, static_cast<int>(i), shared->source, shared->dim));
        } else {
            Symbol s{"s" + std::to_string(m_symbols.size()), sizes[i], source, static_cast<int>(i)};
            m_symbols.push_back(s);
            out[i] = s.name;
            guards.add(Guard::dimAtLeastTwo(source, static_cast<int>(i), s.name));
        }
    }
    return out;
}

void ShapePolicy::specialize(const std::string &symbol, long value, GuardSet &guards) {
    for (const Symbol &s : m_symbols)
        if (s.name == symbol)
            guards.add(Guard::dimEquals(s.source, s.dim, value));
}

std::string ShapePolicy::symbolOfValue(long value) const {
    for (const Symbol &s : m_symbols)
        if (s.value == value)
            return s.name;
    return "";
}

} // namespace dynascope
