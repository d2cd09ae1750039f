// GuardTree: one cache entry's guards compiled into a tree of C++ checks, as PyTorch 2.3's
// guard manager does: one node per source (L['x'], L['self'].lin.weight), each fetched once
// from its parent, its checks ordered cheapest first; the first failing check stops the walk,
// and the node that failed moves to the front for the next call (most likely to fail first).
#pragma once

#include "guards/guard.h"

#include <string>
#include <vector>

namespace dynascope {

class GuardTree {
public:
    // `guards` must outlive the tree and not change (GuardSet owns both).
    explicit GuardTree(const std::vector<Guard> &guards);

    // -1 when every guard holds; else the index (into the guards) of the guard that failed.
    int check(const SourceEnv &env);
    // The tree as indented text: accessors, then each node's checks in their current order.
    std::string describe() const;
    size_t nodeCount() const { return m_nodes.size(); }

private:
    enum class Access {
        Local,
        Stack,
        Global,
        Builtin,
        Attr,
        Item,
        CellContents,
        IteratorRemaining,
        DictKey
    };
    enum class Op {
        GlobalState,
        ClassLookup,
        Type,
        Id,
        Length,
        Tensor,
        DimAtLeastTwo,
        DimEquals,
        Equals,
        DictKeys,
        HasAttr,
        DimsEqual,
        Aliasing,
        Slow
    };
    struct Check {
        Check(Op o, int g) : op(o), guard(g) {}
        Op op;
        int guard;
        int node = -1, otherNode = -1; // relations (DimsEqual): the two sources' nodes
        std::vector<int> nodes;        // Aliasing: the node of each source, in guard order
        PyRef name;                    // HasAttr: the interned attribute name
    };
    struct Node {
        Access access = Access::Local;
        int index = -1; // Local / Stack slot
        PyRef name;     // Global / Builtin / Attr: interned name; Item: the key
        int parent = -1;
        std::string text;
        std::vector<Check> checks;
        std::vector<int> children;
        int firstGuard = -1; // reported when the value cannot be fetched
    };

    int nodeFor(const SourcePtr &source);
    static int cost(Op op);
    PyRef fetch(const Node &node, PyObject *parent, const SourceEnv &env) const;
    bool passes(const Check &check, PyObject *value, const PyRef *values,
                const SourceEnv &env) const;
    // -1 or the failed guard; `failedNode` gets the node (for reordering).
    int walk(int node, PyObject *parent, PyRef *values, const SourceEnv &env, int &failedNode);
    void describeNode(int node, int depth, std::string &out) const;

    const std::vector<Guard> &m_guards;
    std::vector<Node> m_nodes;
    std::vector<int> m_roots;
    std::vector<Check> m_leading;   // no source (GLOBAL_STATE): checked first
    std::vector<Check> m_relations; // between two nodes: checked after the walk
    int m_depth = 0;                // > 0 while a walk runs (a check may call Python)
};

} // namespace dynascope
