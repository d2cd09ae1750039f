// GraphBuilder: FX-style names, and graph_spec as Python dicts (backend, records) or JSON (events).
#include "trace/graphbuilder.h"

#include <set>

#include <cctype>

namespace dynascope {

NodeArg NodeArg::ofNode(const std::string &name) {
    NodeArg a;
    a.kind = Kind::Node;
    a.node = name;
    return a;
}
NodeArg NodeArg::ofConst(PyRef value) {
    NodeArg a;
    a.kind = Kind::Const;
    a.constant = std::move(value);
    return a;
}
NodeArg NodeArg::ofItems(Kind kind, std::vector<NodeArg> items) {
    NodeArg a;
    a.kind = kind;
    a.items = std::move(items);
    return a;
}

namespace {

// FX's spelling of a source as a name: L['self'].lin.weight -> l_self_lin_weight.
std::string sanitize(const std::string &text) {
    std::string out;
    for (char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
        out = "_" + out;
    return out;
}

PyRef argToPython(const NodeArg &a) {
    PyRef d = PyRef::steal(PyDict_New());
    switch (a.kind) {
    case NodeArg::Kind::Node: {
        PyRef s = PyRef::steal(PyUnicode_FromString(a.node.c_str()));
        PyDict_SetItemString(d.get(), "node", s.get());
        break;
    }
    case NodeArg::Kind::Const:
        PyDict_SetItemString(d.get(), "const", a.constant ? a.constant.get() : Py_None);
        break;
    case NodeArg::Kind::List:
    case NodeArg::Kind::Tuple: {
        PyRef l = PyRef::steal(PyList_New(0));
        for (const NodeArg &i : a.items)
            PyList_Append(l.get(), argToPython(i).get());
        PyDict_SetItemString(d.get(), a.kind == NodeArg::Kind::List ? "list" : "tuple", l.get());
        break;
    }
    }
    return d;
}

Json constToJson(PyObject *v) {
    if (!v || v == Py_None)
        return nullptr;
    if (PyBool_Check(v))
        return v == Py_True;
    if (PyLong_CheckExact(v)) {
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
        if (!overflow)
            return x;
    }
    if (PyFloat_CheckExact(v))
        return PyFloat_AsDouble(v);
    if (PyUnicode_CheckExact(v))
        return PyUnicode_AsUTF8(v);
    return pyRepr(v);
}

Json argToJson(const NodeArg &a) {
    switch (a.kind) {
    case NodeArg::Kind::Node:
        return Json{{"node", a.node}};
    case NodeArg::Kind::Const:
        return Json{{"const", constToJson(a.constant.get())}};
    default: {
        Json items = Json::array();
        for (const NodeArg &i : a.items)
            items.push_back(argToJson(i));
        return Json{{a.kind == NodeArg::Kind::List ? "list" : "tuple", items}};
    }
    }
}

std::string argText(const NodeArg &a) {
    switch (a.kind) {
    case NodeArg::Kind::Node:
        return a.node;
    case NodeArg::Kind::Const:
        return pyRepr(a.constant.get());
    default: {
        std::string s = a.kind == NodeArg::Kind::List ? "[" : "(";
        for (size_t i = 0; i < a.items.size(); ++i)
            s += (i ? ", " : "") + argText(a.items[i]);
        return s + (a.kind == NodeArg::Kind::List ? "]" : ")");
    }
    }
}

PyRef strRef(const std::string &s) {
    return PyRef::steal(PyUnicode_FromString(s.c_str()));
}

PyRef siteToPython(const SourceSite &s) {
    PyRef d = PyRef::steal(PyDict_New());
    PyDict_SetItemString(d.get(), "file", strRef(s.file).get());
    PyDict_SetItemString(d.get(), "line", PyRef::steal(PyLong_FromLong(s.line)).get());
    PyDict_SetItemString(d.get(), "offset", PyRef::steal(PyLong_FromLong(s.offset)).get());
    PyDict_SetItemString(d.get(), "function", strRef(s.function).get());
    return d;
}

std::string shapeText(const std::vector<std::string> &shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + shape[i];
    return s + "]";
}

Json shapeJson(const std::vector<std::string> &shape) {
    Json j = Json::array();
    for (const std::string &d : shape) {
        if (!d.empty() && (std::isdigit(static_cast<unsigned char>(d[0])) || d[0] == '-'))
            j.push_back(std::stoll(d));
        else
            j.push_back(d);
    }
    return j;
}

} // namespace

std::string GraphBuilder::uniqueName(std::string base) {
    int &n = m_nameCounts[base];
    std::string name = n == 0 ? base : base + "_" + std::to_string(n);
    ++n;
    return name;
}

std::string GraphBuilder::placeholder(const SourcePtr &source,
                                      const std::vector<std::string> &shape,
                                      const std::string &dtype) {
    auto it = m_placeholderBySource.find(source->text());
    if (it != m_placeholderBySource.end())
        return it->second;
    GraphNodeSpec n;
    std::string base = sanitize(source->text());
    if (base.back() != '_')
        base += '_';
    n.name = uniqueName(base);
    n.op = "placeholder";
    n.target = source->text();
    n.shape = shape;
    n.dtype = dtype;
    n.source = source;
    // Placeholders come first, as in FX.
    size_t pos = 0;
    while (pos < m_nodes.size() && m_nodes[pos].op == "placeholder")
        ++pos;
    m_nodes.insert(m_nodes.begin() + static_cast<long>(pos), n);
    m_inputs.push_back(source);
    m_placeholderBySource[source->text()] = n.name;
    return n.name;
}

std::string GraphBuilder::addCall(const std::string &op, const std::string &target, PyRef targetObj,
                                  std::vector<NodeArg> args,
                                  std::vector<std::pair<std::string, NodeArg>> kwargs) {
    GraphNodeSpec n;
    std::string base = target;
    auto dot = base.rfind('.');
    if (dot != std::string::npos)
        base = base.substr(dot + 1);
    base = sanitize(base);
    if (op == "call_module")
        base = sanitize(target);
    n.name = uniqueName(base);
    n.op = op;
    n.target = target;
    n.targetObj = std::move(targetObj);
    n.args = std::move(args);
    n.kwargs = std::move(kwargs);
    m_nodes.push_back(std::move(n));
    return m_nodes.back().name;
}

namespace {
// Whether a graph call returns its first argument, mutated: a tensor method or torch function
// named with a trailing underscore (x.add_(1), torch.relu_(x)) or an in-place operator
// (operator.iadd for `x += 1`; operator.or_ is plain `|`).
bool returnsItsInput(const std::string &target) {
    std::string name = target.substr(target.rfind('.') + 1);
    static const std::set<std::string> inplaceOperators = {
        "iadd", "isub", "imul", "itruediv", "ifloordiv", "imod",   "ipow",
        "iand", "ior",  "ixor", "ilshift",  "irshift",   "imatmul"};
    // The operator module's names end in an underscore where they would be keywords (or_,
    // and_, not_): there only the i-prefixed names mutate.
    if (target.rfind("operator.", 0) == 0)
        return inplaceOperators.count(name) > 0;
    return name.size() > 1 && name.back() == '_' && name.rfind("__", 0) != 0;
}

// The out= argument of a call node, or null.
const NodeArg *outArgument(const GraphNodeSpec &node) {
    for (const auto &kw : node.kwargs)
        if (kw.first == "out")
            return &kw.second;
    return nullptr;
}
} // namespace

const GraphNodeSpec *GraphBuilder::identityOf(const std::string &node) const {
    const GraphNodeSpec *found = nullptr;
    std::string name = node;
    for (auto it = m_nodes.rbegin(); it != m_nodes.rend(); ++it) {
        if (it->name != name)
            continue;
        found = &*it;
        if (it->op != "call_method" && it->op != "call_function")
            continue;
        // torch.mul(x, 2, out=o) returns o itself; torch.max(x, 0, out=(v, i))[0] is v.
        if (const NodeArg *out = outArgument(*it); out && out->kind == NodeArg::Kind::Node)
            name = out->node;
        if (it->target == "operator.getitem" && it->args.size() == 2 &&
            it->args[0].kind == NodeArg::Kind::Node && it->args[1].constant &&
            PyLong_Check(it->args[1].constant.get())) {
            long i = PyLong_AsLong(it->args[1].constant.get());
            for (auto producer = it; producer != m_nodes.rend(); ++producer)
                if (producer->name == it->args[0].node) {
                    const NodeArg *out = outArgument(*producer);
                    if (out && out->kind != NodeArg::Kind::Node && i >= 0 &&
                        i < static_cast<long>(out->items.size()) &&
                        out->items[i].kind == NodeArg::Kind::Node)
                        name = out->items[i].node;
                    break;
                }
        }
        if (name == it->name && returnsItsInput(it->target) && !it->args.empty() &&
            it->args[0].kind == NodeArg::Kind::Node)
            name = it->args[0].node; // earlier than `it`: the reverse scan goes on from here
    }
    return found;
}

int GraphBuilder::callCount() const {
    int n = 0;
    for (const GraphNodeSpec &node : m_nodes)
        n += node.op == "call_function" || node.op == "call_method" || node.op == "call_module";
    return n;
}

void GraphBuilder::dropGradSwitchPairs(bool gradEnabled) {
    auto switchesTo = [](const GraphNodeSpec &n, bool mode) {
        return n.op == "call_function" && n.target == "torch._C._set_grad_enabled" &&
               n.args.size() == 1 && n.args[0].kind == NodeArg::Kind::Const &&
               (n.args[0].constant.get() == Py_True) == mode;
    };
    std::vector<bool> erased(m_nodes.size(), false);
    for (size_t i = 0; i + 1 < m_nodes.size(); ++i) {
        if (erased[i] || !switchesTo(m_nodes[i], !gradEnabled))
            continue;
        gradEnabled = !gradEnabled;
        if (!erased[i + 1] && switchesTo(m_nodes[i + 1], !gradEnabled)) {
            gradEnabled = !gradEnabled;
            erased[i] = erased[i + 1] = true;
        }
    }
    std::vector<GraphNodeSpec> kept;
    for (size_t i = 0; i < m_nodes.size(); ++i)
        if (!erased[i])
            kept.push_back(std::move(m_nodes[i]));
    m_nodes = std::move(kept);
}

bool GraphBuilder::onlyGradModeCalls() const {
    for (const GraphNodeSpec &node : m_nodes)
        if ((node.op == "call_function" || node.op == "call_method" || node.op == "call_module") &&
            node.target != "torch._C._set_grad_enabled")
            return false;
    return true;
}

PyRef GraphBuilder::toPython(const std::string &id, const std::string &function, int regionStart,
                             bool withTargets) const {
    PyRef g = PyRef::steal(PyDict_New());
    PyDict_SetItemString(g.get(), "id", strRef(id).get());
    PyDict_SetItemString(g.get(), "function", strRef(function).get());
    PyDict_SetItemString(g.get(), "region_start", PyRef::steal(PyLong_FromLong(regionStart)).get());
    PyRef nodes = PyRef::steal(PyList_New(0));
    auto addNode = [&](const GraphNodeSpec &n) {
        PyRef d = PyRef::steal(PyDict_New());
        PyDict_SetItemString(d.get(), "name", strRef(n.name).get());
        PyDict_SetItemString(d.get(), "op", strRef(n.op).get());
        PyDict_SetItemString(d.get(), "target", strRef(n.target).get());
        if (withTargets && n.targetObj)
            PyDict_SetItemString(d.get(), "target_obj", n.targetObj.get());
        PyRef args = PyRef::steal(PyList_New(0));
        for (const NodeArg &a : n.args)
            PyList_Append(args.get(), argToPython(a).get());
        PyDict_SetItemString(d.get(), "args", args.get());
        PyRef kwargs = PyRef::steal(PyDict_New());
        for (const auto &kv : n.kwargs)
            PyDict_SetItemString(kwargs.get(), kv.first.c_str(), argToPython(kv.second).get());
        PyDict_SetItemString(d.get(), "kwargs", kwargs.get());
        PyRef meta = PyRef::steal(PyDict_New());
        if (!n.dtype.empty()) {
            PyRef shape = PyRef::steal(PyList_New(0));
            for (const Json &dim : shapeJson(n.shape)) {
                PyRef v = dim.is_number() ? PyRef::steal(PyLong_FromLongLong(dim.get<long long>()))
                                          : strRef(dim.get<std::string>());
                PyList_Append(shape.get(), v.get());
            }
            PyDict_SetItemString(meta.get(), "shape", shape.get());
            PyDict_SetItemString(meta.get(), "dtype", strRef(n.dtype).get());
        }
        PyDict_SetItemString(d.get(), "meta", meta.get());
        PyDict_SetItemString(d.get(), "site", siteToPython(n.site).get());
        PyRef stack = PyRef::steal(PyList_New(0));
        for (const SourceSite &s : n.inlineStack)
            PyList_Append(stack.get(), siteToPython(s).get());
        PyDict_SetItemString(d.get(), "inline_stack", stack.get());
        PyList_Append(nodes.get(), d.get());
    };
    for (const GraphNodeSpec &n : m_nodes)
        addNode(n);
    addNode(outputNode());
    PyDict_SetItemString(g.get(), "nodes", nodes.get());
    return g;
}

GraphNodeSpec GraphBuilder::outputNode() const {
    GraphNodeSpec out;
    out.name = "output";
    out.op = "output";
    out.target = "output";
    std::vector<NodeArg> outs;
    for (const std::string &o : m_outputs)
        outs.push_back(NodeArg::ofNode(o));
    out.args.push_back(NodeArg::ofItems(NodeArg::Kind::Tuple, outs));
    return out;
}

Json GraphBuilder::toJson(const std::string &id, const std::string &function,
                          int regionStart) const {
    Json nodes = Json::array();
    auto addNode = [&](const GraphNodeSpec &n) {
        Json args = Json::array(), specs = Json::array(), kwargs = Json::object();
        for (const NodeArg &a : n.args) {
            args.push_back(argText(a));
            specs.push_back(argToJson(a));
        }
        for (const auto &kv : n.kwargs)
            kwargs[kv.first] = argToJson(kv.second);
        Json meta = Json::object();
        if (!n.dtype.empty())
            meta = Json{{"shape", shapeJson(n.shape)}, {"dtype", n.dtype}};
        nodes.push_back(Json{{"name", n.name},
                             {"op", n.op},
                             {"target", n.target},
                             {"args", args},
                             {"arg_specs", specs},
                             {"kwargs", kwargs},
                             {"meta", meta},
                             {"shape", n.dtype.empty() ? "" : shapeText(n.shape)},
                             {"dtype", n.dtype},
                             {"site", n.site},
                             {"inline_stack", n.inlineStack},
                             {"trace_step", n.traceStep}});
    };
    for (const GraphNodeSpec &n : m_nodes)
        addNode(n);
    addNode(outputNode());
    return Json{
        {"id", id}, {"function", function}, {"region_start", regionStart}, {"nodes", nodes}};
}

} // namespace dynascope
