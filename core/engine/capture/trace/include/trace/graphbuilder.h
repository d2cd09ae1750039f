// GraphBuilder: the FX-like graph one region's trace records: placeholders (one per input source),
// calls with provenance and meta, and the outputs the region exit needs.
#pragma once

#include "model/graph.h"
#include "sources/source.h"

#include <map>
#include <string>
#include <vector>

namespace dynascope {

// A node argument: a reference to an earlier node, a constant, or a list/tuple of arguments.
struct NodeArg {
    enum class Kind { Node, Const, List, Tuple };
    Kind kind = Kind::Const;
    std::string node;
    PyRef constant;
    std::vector<NodeArg> items;

    static NodeArg ofNode(const std::string &name);
    static NodeArg ofConst(PyRef value);
    static NodeArg ofItems(Kind kind, std::vector<NodeArg> items);
};

struct GraphNodeSpec {
    std::string name, op, target;
    PyRef targetObj; // call_function: the callable; call_module: the module
    std::vector<NodeArg> args;
    std::vector<std::pair<std::string, NodeArg>> kwargs;
    std::vector<std::string> shape; // empty when not a tensor
    std::string dtype;
    SourceSite site;
    std::vector<SourceSite> inlineStack;
    int traceStep = -1;
    SourcePtr source; // placeholders
};

class GraphBuilder {
public:
    // The placeholder for `source` (made on first use, in first-use order).
    std::string placeholder(const SourcePtr &source, const std::vector<std::string> &shape,
                            const std::string &dtype);
    std::string addCall(const std::string &op, const std::string &target, PyRef targetObj,
                        std::vector<NodeArg> args,
                        std::vector<std::pair<std::string, NodeArg>> kwargs);
    // Sets meta and provenance of the last node added.
    GraphNodeSpec &last() { return m_nodes.back(); }
    void setOutputs(std::vector<std::string> outputs) { m_outputs = std::move(outputs); }

    const std::vector<GraphNodeSpec> &nodes() const { return m_nodes; }
    const std::vector<SourcePtr> &inputs() const { return m_inputs; }
    const std::vector<std::string> &outputs() const { return m_outputs; }
    size_t size() const { return m_nodes.size(); }
    // The node a tensor is, as an object: an in-place call's result is the tensor it mutated
    // (y = x.add_(1) gives `y is x`), so such nodes lead back to their first argument's node.
    // Null when the graph has no node of that name.
    const GraphNodeSpec *identityOf(const std::string &node) const;
    // call_function + call_method + call_module nodes (CompileCounter's op_count).
    int callCount() const;
    // Whether every call node only switches grad mode (such a graph is not compiled; the
    // runtime sets the mode it leaves instead).
    bool onlyGradModeCalls() const;
    // Dynamo's cleanup_graph: an adjacent pair of grad-mode switches that undo each other
    // (set_grad_enabled(False); set_grad_enabled(True)) is dropped. `gradEnabled`: the mode the
    // graph starts in.
    void dropGradSwitchPairs(bool gradEnabled);

    // graph_spec as the backend receives it (contract), with or without target_obj.
    PyRef toPython(const std::string &id, const std::string &function, int regionStart,
                   bool withTargets) const;
    // The `graph` event body: graph_spec's fields, plus model-compatible args/shape strings.
    Json toJson(const std::string &id, const std::string &function, int regionStart) const;

private:
    std::string uniqueName(std::string base);
    // The closing `output` node, returning m_outputs as a tuple (both serialisations add it).
    GraphNodeSpec outputNode() const;
    std::vector<GraphNodeSpec> m_nodes;
    std::vector<SourcePtr> m_inputs;
    std::map<std::string, std::string> m_placeholderBySource;
    std::map<std::string, int> m_nameCounts;
    std::vector<std::string> m_outputs;
};

} // namespace dynascope
