// nn.Module's own API on module values (Dynamo's NNModuleVariable.call_method): children,
// modules, parameters, buffers and their named_* forms, ModuleDict's keys/values/items, read
// from the module's structure now. Each value read has a source
// (`L['self']._modules['l1']`, `…._parameters['weight']`) and the dicts enumerated are guarded
// on their keys, so a module whose structure changes recompiles.
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <algorithm>
#include <map>
#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

// The class attribute `name` of torch.nn.<cls> (borrowed), or null.
PyObject *libraryMethod(const char *cls, const std::string &name) {
    PyRef nn = PyRef::steal(PyObject_GetAttrString(py::torch(), "nn"));
    PyRef type = nn ? PyRef::steal(PyObject_GetAttrString(nn.get(), cls)) : PyRef();
    PyObject *dict = type ? reinterpret_cast<PyTypeObject *>(type.get())->tp_dict : nullptr;
    PyObject *fn = dict ? PyDict_GetItemString(dict, name.c_str()) : nullptr;
    PyErr_Clear();
    return fn;
}

ValuePtr text(const std::string &s) {
    return Value::constant(PyRef::steal(PyUnicode_FromString(s.c_str())));
}

bool truth(Tracer &t, const ValuePtr &v) {
    return PyObject_IsTrue(t.constantOf(v, "nn.Module method argument").get()) == 1;
}

// A module's _modules dict (borrowed).
PyObject *modulesDict(const ValuePtr &module) {
    PyObject **dictPtr = _PyObject_GetDictPtr(module->object.get());
    PyObject *children = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, "_modules") : nullptr;
    if (!children || !PyDict_Check(children))
        throw GraphBreak(BreakId::UnsupportedCall, "nn.Module without _modules");
    return children;
}

} // namespace

// (name, module) pairs in Module.named_modules() order: pre-order, each module once.
static void walkModules(Tracer &t, const ValuePtr &module, const std::string &prefix,
                        std::set<PyObject *> &seen,
                        std::vector<std::pair<std::string, ValuePtr>> &out, bool recurse) {
    if (!seen.insert(module->object.get()).second)
        return;
    out.push_back({prefix, module});
    if (!recurse)
        return;
    PyObject *children = modulesDict(module);
    SourcePtr dictSrc = module->source ? Source::attr(module->source, "_modules") : nullptr;
    if (dictSrc)
        t.addGuard(Guard::dictKeys(dictSrc, children));
    PyObject *key, *child;
    Py_ssize_t pos = 0;
    while (PyDict_Next(children, &pos, &key, &child)) {
        if (child == Py_None)
            continue;
        ValuePtr v = t.wrap(child, dictSrc ? Source::item(dictSrc, PyRef::borrow(key)) : nullptr);
        std::string name = PyUnicode_AsUTF8(key);
        walkModules(t, v, prefix.empty() ? name : prefix + "." + name, seen, out, true);
    }
}

ValuePtr Tracer::callModuleMethod(const ValuePtr &module, PyObject *fn, std::vector<ValuePtr> &args,
                                  std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    std::string name = py::nameOf(fn);
    PyErr_Clear();
    bool moduleDict = fn == libraryMethod("ModuleDict", name) &&
                      (name == "keys" || name == "values" || name == "items");
    if (!moduleDict && fn != libraryMethod("Module", name))
        return nullptr;
    if (!module->source && !moduleDict)
        return nullptr; // a module made during the trace has no source for what it holds
    // Arguments by name, as the methods declare them (recurse, prefix, remove_duplicate).
    static const std::map<std::string, std::vector<std::string>> params = {
        {"children", {}},
        {"named_children", {}},
        {"modules", {}},
        {"named_modules", {"memo", "prefix", "remove_duplicate"}},
        {"parameters", {"recurse"}},
        {"buffers", {"recurse"}},
        {"named_parameters", {"prefix", "recurse", "remove_duplicate"}},
        {"named_buffers", {"prefix", "recurse", "remove_duplicate"}},
        {"keys", {}},
        {"values", {}},
        {"items", {}}};
    auto p = params.find(name);
    if (p == params.end() || args.size() > p->second.size())
        return nullptr;
    std::map<std::string, ValuePtr> bound;
    for (size_t i = 0; i < args.size(); ++i)
        bound[p->second[i]] = args[i];
    for (auto &k : kwargs) {
        if (std::find(p->second.begin(), p->second.end(), k.first) == p->second.end() ||
            bound.count(k.first))
            return nullptr;
        bound[k.first] = k.second;
    }
    if (bound.count("memo") &&
        !(bound["memo"]->isConstant() && bound["memo"]->object.get() == Py_None))
        return nullptr;
    bool recurse = !bound.count("recurse") || truth(*this, bound["recurse"]);
    bool dedup = !bound.count("remove_duplicate") || truth(*this, bound["remove_duplicate"]);
    std::string prefix;
    if (bound.count("prefix")) {
        PyRef pre = constantOf(bound["prefix"], "prefix");
        if (!PyUnicode_Check(pre.get()))
            return nullptr;
        prefix = PyUnicode_AsUTF8(pre.get());
    }
    if (!dedup)
        return nullptr;

    auto out = std::make_shared<IteratorValue>();
    auto pairOf = [](const std::string &n, const ValuePtr &v) -> ValuePtr {
        return SequenceValue::make(K::Tuple, {text(n), v});
    };
    if (name == "children" || name == "named_children" || moduleDict) {
        // Direct children only, once each (children() skips a module met before).
        std::set<PyObject *> direct;
        PyObject *children = modulesDict(module);
        SourcePtr dictSrc = module->source ? Source::attr(module->source, "_modules") : nullptr;
        if (dictSrc)
            addGuard(Guard::dictKeys(dictSrc, children));
        PyObject *key, *child;
        Py_ssize_t pos = 0;
        while (PyDict_Next(children, &pos, &key, &child)) {
            if (child == Py_None && !moduleDict)
                continue;
            if (!moduleDict && !direct.insert(child).second)
                continue;
            ValuePtr v = wrap(child, dictSrc ? Source::item(dictSrc, PyRef::borrow(key)) : nullptr);
            std::string n = PyUnicode_AsUTF8(key);
            if (name == "children" || name == "values")
                out->items.push_back(v);
            else if (name == "keys")
                out->items.push_back(text(n));
            else
                out->items.push_back(pairOf(n, v));
        }
        // ModuleDict's keys()/values()/items() are views CPython's list() and `for` read now.
        if (moduleDict)
            return SequenceValue::make(K::List, out->items);
        return out;
    }
    std::vector<std::pair<std::string, ValuePtr>> modules;
    std::set<PyObject *> seen;
    walkModules(*this, module, prefix, seen, modules,
                name == "modules" || name == "named_modules" || recurse);
    if (name == "modules" || name == "named_modules") {
        for (auto &m : modules)
            out->items.push_back(name == "modules" ? m.second : pairOf(m.first, m.second));
        return out;
    }
    // parameters / buffers and their named forms: each tensor once.
    bool params_ = name.find("parameters") != std::string::npos;
    const char *dictName = params_ ? "_parameters" : "_buffers";
    std::set<PyObject *> members;
    for (auto &m : modules) {
        PyObject **dictPtr = _PyObject_GetDictPtr(m.second->object.get());
        PyObject *d = dictPtr && *dictPtr ? PyDict_GetItemString(*dictPtr, dictName) : nullptr;
        if (!d || !PyDict_Check(d))
            throw GraphBreak(BreakId::UnsupportedCall,
                             std::string("nn.Module without ") + dictName);
        if (!m.second->source)
            throw GraphBreak(BreakId::UnknownValue, "module attribute without a source");
        SourcePtr dictSrc = Source::attr(m.second->source, dictName);
        addGuard(Guard::dictKeys(dictSrc, d));
        PyObject *key, *tensor;
        Py_ssize_t pos = 0;
        while (PyDict_Next(d, &pos, &key, &tensor)) {
            if (tensor == Py_None || !members.insert(tensor).second)
                continue;
            ValuePtr v = wrap(tensor, Source::item(dictSrc, PyRef::borrow(key)));
            std::string n = PyUnicode_AsUTF8(key);
            std::string full = m.first.empty() ? n : m.first + "." + n;
            out->items.push_back(name.rfind("named_", 0) == 0 ? pairOf(full, v) : v);
        }
    }
    return out;
}

ValuePtr Tracer::moduleContains(const ValuePtr &module, const ValuePtr &key) {
    static PyObject *containsName = PyUnicode_InternFromString("__contains__");
    PyObject *fn = _PyType_Lookup(Py_TYPE(module->object.get()), containsName);
    if (!fn || fn != libraryMethod("ModuleDict", "__contains__"))
        return nullptr;
    PyObject *children = modulesDict(module);
    if (module->source)
        addGuard(Guard::dictKeys(Source::attr(module->source, "_modules"), children));
    int found = PyDict_Contains(children, constantOf(key, "ModuleDict key").get());
    if (found < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "ModuleDict key is not hashable");
    }
    return Value::constant(found ? Py_True : Py_False);
}

} // namespace dynascope
