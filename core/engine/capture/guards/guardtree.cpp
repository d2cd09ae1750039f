// GuardTree: building the tree from guards' sources, the per-call walk, and its description.
#include "guards/guardtree.h"
#include "sources/pyobjects.h"

#include <algorithm>
#include <array>
#include <functional>

namespace dynascope {

namespace {

PyRef internedName(const std::string &name) {
    return PyRef::steal(PyUnicode_InternFromString(name.c_str()));
}

// Dynamo's accessor names (torch/csrc/dynamo/guards.cpp), for describe().
const char *accessText(int access) {
    static const char *names[] = {"FrameLocalsGuardAccessor", "FrameStackGuardAccessor",
                                  "GlobalsGuardAccessor",     "BuiltinsGuardAccessor",
                                  "GetAttrGuardAccessor",     "GetItemGuardAccessor",
                                  "CellContentsGuardAccessor"};
    return names[access];
}

} // namespace

GuardTree::GuardTree(const std::vector<Guard> &guards) : m_guards(guards) {
    for (int i = 0; i < static_cast<int>(guards.size()); ++i) {
        const Guard &g = guards[i];
        Check c{Op::Slow, i};
        switch (g.kind()) {
        case Guard::Kind::GlobalState:
            m_leading.push_back({Op::GlobalState, i});
            continue;
        case Guard::Kind::ClassLookup:
            m_leading.push_back({Op::ClassLookup, i});
            continue;
        case Guard::Kind::TypeMatch:
            c.op = Op::Type;
            break;
        case Guard::Kind::IdMatch:
            c.op = Op::Id;
            break;
        case Guard::Kind::EqualsMatch:
            c.op = Op::Equals;
            break;
        case Guard::Kind::SequenceLength:
            c.op = Op::Length;
            break;
        case Guard::Kind::DictKeys:
            c.op = PyList_CheckExact(g.m_object.get()) ? Op::DictKeys : Op::Slow;
            break;
        case Guard::Kind::TensorMatch:
            c.op = Op::Tensor;
            break;
        case Guard::Kind::ShapeEnv:
            c.op = g.m_length == 2 ? Op::DimEquals : g.m_other ? Op::DimsEqual : Op::DimAtLeastTwo;
            break;
        case Guard::Kind::HasAttr:
            c.op = Op::HasAttr;
            c.name = internedName(g.m_attr);
            break;
        case Guard::Kind::TensorAliasing:
        case Guard::Kind::ObjectAliasing:
            // Identity of the sources' objects, compared after the walk has fetched them all.
            c.op = Op::Aliasing;
            for (const SourcePtr &s : g.m_aliasSources)
                c.nodes.push_back(nodeFor(s));
            m_relations.push_back(c);
            continue;
        }
        if (!g.source()) {
            m_leading.push_back({Op::Slow, i});
            continue;
        }
        int node = nodeFor(g.source());
        if (c.op == Op::DimsEqual) {
            c.otherNode = nodeFor(g.m_other);
            m_relations.push_back(c);
        } else {
            m_nodes[node].checks.push_back(c);
        }
    }
    // Shape checks read sizes through TensorAccess, so they need the node's TENSOR_MATCH (which
    // proves the value is a tensor) ahead of them; without one they take the slow path.
    for (Node &n : m_nodes) {
        bool hasTensor = std::any_of(n.checks.begin(), n.checks.end(),
                                     [](const Check &c) { return c.op == Op::Tensor; });
        for (Check &c : n.checks)
            if (!hasTensor && (c.op == Op::DimAtLeastTwo || c.op == Op::DimEquals))
                c.op = Op::Slow;
        std::stable_sort(n.checks.begin(), n.checks.end(),
                         [](const Check &a, const Check &b) { return cost(a.op) < cost(b.op); });
    }
    // A relation between two dims reads both sizes in C++ when both nodes are proven tensors.
    for (Check &c : m_relations) {
        if (c.op == Op::Aliasing)
            continue;
        c.node = nodeFor(guards[c.guard].source());
        auto isTensor = [&](int node) {
            const auto &checks = m_nodes[node].checks;
            return std::any_of(checks.begin(), checks.end(),
                               [](const Check &k) { return k.op == Op::Tensor; });
        };
        if (!isTensor(c.node) || !isTensor(c.otherNode))
            c.op = Op::Slow;
    }
    // The guard reported for a node whose value is missing: its first in guard order.
    std::function<int(int)> first = [&](int node) {
        int best = INT32_MAX;
        for (const Check &c : m_nodes[node].checks)
            best = std::min(best, c.guard);
        for (int child : m_nodes[node].children)
            best = std::min(best, first(child));
        m_nodes[node].firstGuard = best == INT32_MAX ? -1 : best;
        return best;
    };
    for (int root : m_roots)
        first(root);
    // Frame slots are free to read; globals cost a dict lookup; attribute chains a getattr.
    std::stable_sort(m_roots.begin(), m_roots.end(), [&](int a, int b) {
        auto rank = [&](int n) { return m_nodes[n].access == Access::Local ? 0 : 1; };
        return rank(a) < rank(b);
    });
}

int GuardTree::cost(Op op) {
    switch (op) {
    case Op::GlobalState:
    case Op::ClassLookup:
    case Op::Type:
    case Op::Id:
        return 1;
    case Op::Length:
        return 2;
    case Op::Tensor:
        return 3;
    case Op::DimAtLeastTwo:
    case Op::DimEquals:
        return 4;
    case Op::Equals:
        return 5;
    case Op::DictKeys:
        return 8;
    case Op::HasAttr:
        return 6;
    case Op::Aliasing:
    case Op::DimsEqual:
    case Op::Slow:
        return 20;
    }
    return 20;
}

int GuardTree::nodeFor(const SourcePtr &source) {
    // Sources are shared by structure, not by text alone: a free variable's contents print as
    // the local itself ("L['d']" for the cell and for what it holds), and taking one for the
    // other made every guard below it fail (a recompile on every call).
    const int parent = source->base() ? nodeFor(source->base()) : -1;
    Node n;
    n.text = source->text();
    switch (source->kind()) {
    case Source::Kind::Local:
        n.access = Access::Local;
        n.index = source->index();
        break;
    case Source::Kind::Stack:
        n.access = Access::Stack;
        n.index = source->index();
        break;
    case Source::Kind::Global:
        n.access = Access::Global;
        n.name = internedName(source->name());
        break;
    case Source::Kind::Builtin:
        n.access = Access::Builtin;
        n.name = internedName(source->name());
        break;
    case Source::Kind::Attr:
        n.access = Access::Attr;
        n.name = internedName(source->name());
        break;
    case Source::Kind::Item:
        n.access = Access::Item;
        n.name = PyRef::borrow(source->key());
        break;
    case Source::Kind::CellContents:
        n.access = Access::CellContents;
        break;
    case Source::Kind::IteratorRemaining:
        n.access = Access::IteratorRemaining;
        break;
    case Source::Kind::DictKey:
        n.access = Access::DictKey;
        n.index = source->index();
        break;
    }
    for (int i = 0; i < static_cast<int>(m_nodes.size()); ++i)
        if (m_nodes[i].parent == parent && m_nodes[i].access == n.access &&
            m_nodes[i].text == n.text)
            return i;
    n.parent = parent;
    m_nodes.push_back(std::move(n));
    int id = static_cast<int>(m_nodes.size()) - 1;
    if (parent >= 0)
        m_nodes[parent].children.push_back(id);
    else
        m_roots.push_back(id);
    return id;
}

PyRef GuardTree::fetch(const Node &n, PyObject *parent, const SourceEnv &env) const {
    PyObject *v = nullptr;
    switch (n.access) {
    case Access::Local:
        if (env.locals && n.index >= 0 && n.index < static_cast<int>(env.locals->size()))
            v = (*env.locals)[n.index].get();
        return PyRef::borrow(v);
    case Access::Stack:
        if (env.stack && n.index >= 0 && n.index < static_cast<int>(env.stack->size()))
            v = (*env.stack)[n.index].get();
        return PyRef::borrow(v);
    case Access::Global:
        v = env.globals ? PyDict_GetItemWithError(env.globals, n.name.get()) : nullptr;
        if (!v && env.builtins)
            v = PyDict_GetItemWithError(env.builtins, n.name.get());
        break;
    case Access::Builtin:
        v = env.builtins ? PyDict_GetItemWithError(env.builtins, n.name.get()) : nullptr;
        break;
    case Access::Attr: {
        PyRef r = PyRef::steal(PyObject_GetAttr(parent, n.name.get()));
        if (!r)
            PyErr_Clear();
        return r;
    }
    case Access::Item: {
        if (PyDict_CheckExact(parent)) {
            v = PyDict_GetItemWithError(parent, n.name.get());
            break;
        }
        PyRef r = PyRef::steal(PyObject_GetItem(parent, n.name.get()));
        if (!r)
            PyErr_Clear();
        return r;
    }
    case Access::CellContents:
        v = PyCell_Check(parent) ? PyCell_GET(parent) : nullptr;
        break;
    case Access::IteratorRemaining: {
        PyRef r = Source::remainingItems(parent);
        if (!r)
            PyErr_Clear();
        return r;
    }
    case Access::DictKey: {
        PyRef r = Source::keyAt(parent, n.index);
        if (!r)
            PyErr_Clear();
        return r;
    }
    }
    if (!v)
        PyErr_Clear();
    return PyRef::borrow(v);
}

bool GuardTree::passes(const Check &c, PyObject *v, const PyRef *values,
                       const SourceEnv &env) const {
    const Guard &g = m_guards[c.guard];
    switch (c.op) {
    case Op::GlobalState:
        return TensorAccess::gradModeEnabled() == g.m_gradMode &&
               py::anyGlobalModuleHooks() == g.m_globalModuleHooks &&
               TensorAccess::defaultScalarType() == g.m_defaultScalarType && g.stateReadHolds();
    case Op::ClassLookup:
        return g.lookupNow() == g.m_object.get(); // the method cache makes this a lookup
    case Op::Type:
        return Py_TYPE(v) == g.m_type;
    case Op::Id:
        return v == g.m_object.get();
    case Op::Length: {
        if (Py_TYPE(v) != g.m_type)
            return false;
        Py_ssize_t n = PyList_CheckExact(v)    ? PyList_GET_SIZE(v)
                       : PyTuple_CheckExact(v) ? PyTuple_GET_SIZE(v)
                                               : PyObject_Length(v);
        if (n < 0)
            PyErr_Clear();
        return n == g.m_length;
    }
    case Op::Tensor: {
        if (Py_TYPE(v) != g.m_type)
            return false;
        int index = -1;
        return TensorAccess::compare(v, g.m_tensor, &index) == TensorMismatch::None;
    }
    case Op::DimAtLeastTwo:
    case Op::DimEquals: {
        int64_t size = 0;
        if (!TensorAccess::size(v, g.m_dim, &size))
            return false;
        return c.op == Op::DimEquals ? size == *g.m_sizes[0] : size >= 2;
    }
    case Op::Equals: {
        if (Py_TYPE(v) != g.m_type)
            return false;
        if (v == g.m_object.get())
            return true;
        int eq = PyObject_RichCompareBool(v, g.m_object.get(), Py_EQ);
        if (eq < 0)
            PyErr_Clear();
        return eq == 1;
    }
    case Op::DictKeys: {
        // The fast walk reads the dict's own storage order: exact dicts only (an OrderedDict
        // iterates in its linked order, which move_to_end changes without touching storage).
        PyObject *keys = g.m_object.get();
        // An empty dict of any dict type is only its size (a module's hook dicts, checked on
        // every module call the trace made).
        if (Py_TYPE(v) == g.m_type && PyDict_Check(v) && PyList_GET_SIZE(keys) == 0)
            return PyDict_GET_SIZE(v) == 0;
        if (Py_TYPE(v) != g.m_type || !PyDict_CheckExact(v))
            return Py_TYPE(v) == g.m_type && g.check(v, env).empty();
        if (PyDict_GET_SIZE(v) != PyList_GET_SIZE(keys))
            return false;
        Py_ssize_t pos = 0, i = 0;
        PyObject *key, *value;
        while (PyDict_Next(v, &pos, &key, &value)) {
            PyObject *expected = PyList_GET_ITEM(keys, i++);
            if (key == expected)
                continue;
            int eq = PyObject_RichCompareBool(key, expected, Py_EQ);
            if (eq != 1) {
                PyErr_Clear();
                return false;
            }
        }
        return true;
    }
    case Op::HasAttr: {
        int r = PyObject_HasAttr(v, c.name.get());
        return (r == 1) == g.m_present;
    }
    case Op::Aliasing:
        for (size_t i = 0; i < c.nodes.size(); ++i) {
            PyObject *o = values[c.nodes[i]].get();
            int group = static_cast<int>(i);
            for (size_t j = 0; j < i; ++j)
                if (o && values[c.nodes[j]].get() == o) {
                    group = static_cast<int>(j);
                    break;
                }
            if (group != g.m_aliasGroups[i])
                return false;
        }
        return true;
    case Op::DimsEqual: {
        int64_t size = 0, other = 0;
        PyObject *a = values[c.node].get(), *b = values[c.otherNode].get();
        return a && b && TensorAccess::size(a, g.m_dim, &size) &&
               TensorAccess::size(b, g.m_otherDim, &other) && size == other;
    }
    case Op::Slow:
        return g.check(v, env).empty();
    }
    return false;
}

int GuardTree::walk(int id, PyObject *parent, PyRef *values, const SourceEnv &env,
                    int &failedNode) {
    Node &n = m_nodes[id];
    PyRef value = fetch(n, parent, env);
    if (!value) {
        failedNode = id;
        return n.firstGuard;
    }
    for (size_t k = 0; k < n.checks.size(); ++k)
        if (!passes(n.checks[k], value.get(), values, env)) {
            int guard = n.checks[k].guard;
            if (m_depth == 1) // most likely to fail first, next time
                std::rotate(n.checks.begin(), n.checks.begin() + k, n.checks.begin() + k + 1);
            failedNode = id;
            return guard;
        }
    for (int child : n.children) {
        int failed = walk(child, value.get(), values, env, failedNode);
        if (failed >= 0)
            return failed;
    }
    values[id] = std::move(value);
    return -1;
}

int GuardTree::check(const SourceEnv &env) {
    for (const Check &c : m_leading)
        if (!passes(c, nullptr, nullptr, env))
            return c.guard;
    // Values stay alive for the relations; most entries have few sources.
    std::array<PyRef, 16> small;
    std::vector<PyRef> large;
    PyRef *values = small.data();
    if (m_nodes.size() > small.size()) {
        large.resize(m_nodes.size());
        values = large.data();
    }
    ++m_depth;
    int failed = -1, failedNode = -1;
    size_t r = 0;
    for (; r < m_roots.size() && failed < 0; ++r)
        failed = walk(m_roots[r], nullptr, values, env, failedNode);
    if (failed >= 0 && m_depth == 1 && r > 1) // the failing root moves to the front
        std::rotate(m_roots.begin(), m_roots.begin() + (r - 1), m_roots.begin() + r);
    --m_depth;
    if (failed >= 0)
        return failed;
    for (const Check &c : m_relations)
        if (!passes(c, c.node >= 0 ? values[c.node].get() : nullptr, values, env))
            return c.guard;
    return -1;
}

void GuardTree::describeNode(int id, int depth, std::string &out) const {
    const Node &n = m_nodes[id];
    std::string indent(static_cast<size_t>(depth) * 4, ' ');
    out += indent + "+- " + accessText(static_cast<int>(n.access)) + " " + n.text + "\n";
    for (const Check &c : n.checks)
        out += indent + "|  +- " + Guard::kindName(m_guards[c.guard].kind()) + ": " +
               m_guards[c.guard].text() + "\n";
    for (int child : n.children)
        describeNode(child, depth + 1, out);
}

std::string GuardTree::describe() const {
    std::string out = "RootGuardManager\n";
    for (const Check &c : m_leading)
        out += "+- " + std::string(Guard::kindName(m_guards[c.guard].kind())) + ": " +
               m_guards[c.guard].text() + "\n";
    for (int root : m_roots)
        describeNode(root, 0, out);
    for (const Check &c : m_relations)
        out += "+- " + std::string(Guard::kindName(m_guards[c.guard].kind())) + ": " +
               m_guards[c.guard].text() + "\n";
    return out;
}

} // namespace dynascope
