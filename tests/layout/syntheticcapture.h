// Synthetic captures for layout tests, GUI tests and benchmarks (no engine needed).
#pragma once

#include "layout/graphlayoutinput.h"

#include <random>
#include <string>

namespace dynascope::synthetic {

inline GraphNode node(const std::string &name, const std::string &op, const std::string &target,
                      std::vector<std::string> args, int line, int traceStep,
                      const std::string &shape = "[8, 16]", const std::string &dtype = "float32") {
    GraphNode n;
    n.name = name;
    n.op = op;
    n.target = target;
    n.args = std::move(args);
    n.shape = op == "output" ? std::string() : shape;
    n.dtype = op == "output" ? std::string() : dtype;
    n.site = {"/home/user/model.py", line, traceStep * 2, "forward", "code1"};
    n.traceStep = traceStep;
    return n;
}

inline SourceSite site(int line, const std::string &function = "forward") {
    return {"/home/user/model.py", line, line * 4, function, "code1"};
}

// Three graphs split by two breaks, the shape of a typical `explain` result.
inline GraphLayoutInput threeGraphs() {
    GraphLayoutInput in;
    CapturedGraph g1{"G1", "Model.forward", 0, {}};
    g1.nodes = {node("x", "placeholder", "L['x']", {}, 10, 0),
                node("w", "placeholder", "L['self'].w", {}, 11, 1, "[16, 16]"),
                node("matmul", "call_function", "torch.matmul", {"x", "w"}, 11, 2),
                node("relu", "call_method", "relu", {"matmul"}, 12, 3),
                node("sum_1", "call_method", "sum", {"relu"}, 13, 4, "[]"),
                node("output", "output", "output", {"(relu, sum_1)"}, 13, 5)}; // as emitted
    g1.nodes[3].inlineStack = {site(12, "forward"), site(40, "activation")};
    CapturedGraph g2{"G2", "Model.forward", 38, {}};
    g2.nodes = {node("relu", "placeholder", "L['y']", {}, 15, 6),
                node("mul", "call_function", "operator.mul", {"relu"}, 15, 7),
                node("sin", "call_function", "torch.sin", {"mul"}, 16, 8),
                node("output", "output", "output", {"sin"}, 16, 9)};
    CapturedGraph g3{"G3", "Model.forward", 70, {}};
    g3.nodes = {node("sin", "placeholder", "L['z']", {}, 18, 10),
                node("lin_weight", "get_attr", "lin.weight", {}, 19, 11, "[16, 16]"),
                node("lin", "call_module", "L['self'].lin", {"sin"}, 19, 12),
                node("add", "call_function", "torch.add", {"lin", "lin_weight", "'sin'"}, 20, 13),
                node("output", "output", "output", {"add"}, 20, 14)};
    in.graphs = {g1, g2, g3};
    GraphBreakInfo b1;
    b1.typeId = "data_dependent_branch";
    b1.reason = "generic_jump: if on a tensor's data";
    b1.hint = "use torch.where or torch.cond";
    b1.userStack = {site(14)};
    b1.afterGraph = "G1";
    b1.beforeGraph = "G2";
    GraphBreakInfo b2;
    b2.typeId = "unsupported_builtin";
    b2.reason = "call to builtin print is not traceable";
    b2.userStack = {site(30, "main"), site(17)};
    b2.afterGraph = "G2";
    b2.beforeGraph = "G3";
    in.breaks = {b1, b2};
    return in;
}

// `graphs` graphs of `perGraph` nodes each: mostly chains, every node also reading one or two
// earlier nodes at random (fan-in). Deterministic for a seed.
inline GraphLayoutInput randomDags(int graphs, int perGraph, unsigned seed) {
    std::mt19937 random(seed);
    GraphLayoutInput in;
    int step = 0;
    for (int g = 0; g < graphs; ++g) {
        CapturedGraph graph{"G" + std::to_string(g + 1), "f", g * 100, {}};
        graph.nodes.push_back(node("x", "placeholder", "L['x']", {}, 1, step++));
        static const char *ops[] = {"call_function", "call_method", "call_module", "get_attr"};
        for (int i = 1; i + 1 < perGraph; ++i) {
            const std::string op = ops[random() % 4];
            std::vector<std::string> args;
            if (op != "get_attr") {
                args.push_back(graph.nodes.back().name);
                for (unsigned extra = random() % 3; extra > 0; --extra)
                    args.push_back(graph.nodes[random() % graph.nodes.size()].name);
            }
            graph.nodes.push_back(node("n" + std::to_string(i), op,
                                       op == "call_function" ? "torch.add" : "relu", args, 2 + i,
                                       step++));
        }
        graph.nodes.push_back(
            node("output", "output", "output", {graph.nodes.back().name}, perGraph + 1, step++));
        in.graphs.push_back(std::move(graph));
        if (g > 0) {
            GraphBreakInfo b;
            b.typeId = "call_unsupported";
            b.reason = "break number " + std::to_string(g);
            b.userStack = {site(100 + g)};
            b.afterGraph = "G" + std::to_string(g);
            b.beforeGraph = "G" + std::to_string(g + 1);
            in.breaks.push_back(b);
        }
    }
    return in;
}

} // namespace dynascope::synthetic
