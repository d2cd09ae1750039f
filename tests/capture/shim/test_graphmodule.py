# Shim unit checks: GraphModule built from hand-written graph_spec dicts runs like eager PyTorch,
# prints like FX, and the testing backends count what Dynamo counts. Runs under `dynascope run`.
import operator
import traceback

import torch

from _dynascope_shim import explain, report, testing
from _dynascope_shim.graphmodule import GraphModule


def site(line, offset, function="fn"):
    return {"file": "/tmp/user.py", "line": line, "offset": offset, "function": function, "code": ""}


# fn(x): y = x.abs() + 2 ; return torch.sin(y) * y[0]
SPEC = {
    "id": "G1", "function": "fn", "region_start": 0,
    "nodes": [
        {"name": "l_x_", "op": "placeholder", "target": "L['x']", "args": [], "kwargs": {},
         "meta": {"shape": [3, 4], "dtype": "float32"}, "site": site(1, 0), "inline_stack": []},
        {"name": "abs_1", "op": "call_method", "target": "abs", "args": [{"node": "l_x_"}],
         "kwargs": {}, "meta": {"shape": [3, 4], "dtype": "float32"}, "site": site(2, 4),
         "inline_stack": []},
        {"name": "add", "op": "call_function", "target": "operator.add", "target_obj": operator.add,
         "args": [{"node": "abs_1"}, {"const": 2}], "kwargs": {},
         "meta": {"shape": [3, 4], "dtype": "float32"}, "site": site(2, 10), "inline_stack": []},
        {"name": "sin", "op": "call_function", "target": "torch.sin", "target_obj": torch.sin,
         "args": [{"node": "add"}], "kwargs": {}, "meta": {"shape": [3, 4], "dtype": "float32"},
         "site": site(3, 20, "helper"), "inline_stack": [site(3, 14)]},
        {"name": "getitem", "op": "call_function", "target": "operator.getitem",
         "target_obj": operator.getitem, "args": [{"node": "add"}, {"const": 0}], "kwargs": {},
         "meta": {"shape": [4], "dtype": "float32"}, "site": site(3, 30), "inline_stack": []},
        {"name": "mul", "op": "call_function", "target": "operator.mul", "target_obj": operator.mul,
         "args": [{"node": "sin"}, {"node": "getitem"}], "kwargs": {},
         "meta": {"shape": [3, 4], "dtype": "float32"}, "site": site(3, 34), "inline_stack": []},
        {"name": "cat", "op": "call_function", "target": "torch.cat", "target_obj": torch.cat,
         "args": [{"list": [{"node": "mul"}, {"node": "l_x_"}]}], "kwargs": {"dim": {"const": 1}},
         "meta": {"shape": [3, 8], "dtype": "float32"}, "site": site(4, 40), "inline_stack": []},
        {"name": "output", "op": "output", "target": "output",
         "args": [{"tuple": [{"node": "cat"}, {"node": "add"}]}], "kwargs": {}, "meta": {}},
    ],
}


def eager(x):
    y = x.abs() + 2
    return torch.cat([torch.sin(y) * y[0], x], dim=1), y


x = torch.randn(3, 4)
gm = GraphModule(SPEC)
out = gm(x)
ref = eager(x)
assert isinstance(out, tuple) and len(out) == 2, out
assert all(torch.allclose(a, b) for a, b in zip(out, ref))
assert gm.forward(x)[0].shape == (3, 8)
assert isinstance(gm, torch.nn.Module)

# Nodes: FX attribute names, Node references in args, constants kept, targets are the callables.
nodes = list(gm.graph.nodes)
assert [n.op for n in nodes] == ["placeholder", "call_method", "call_function", "call_function",
                                 "call_function", "call_function", "call_function", "output"]
assert nodes[2].target is operator.add and nodes[2].args == [nodes[1], 2]
assert nodes[3].target is torch.sin and nodes[1].target == "abs"
assert nodes[6].kwargs == {"dim": 1} and nodes[6].args[0] == [nodes[5], nodes[0]]
assert nodes[0].meta["shape"] == [3, 4] and nodes[0].meta["dtype"] == "float32"
assert set(nodes[2].users) == {nodes[3], nodes[4], nodes[7]}, nodes[2].users
assert nodes[5].all_input_nodes == [nodes[3], nodes[4]]
assert "helper" in nodes[3].meta["stack_trace"] and 'line 3' in nodes[3].meta["stack_trace"]

# gm.code reads like FX's generated forward.
code = gm.code
print(code)
assert "def forward(self, l_x_ : torch.Tensor):" in code
assert "abs_1 = l_x_.abs()" in code and "add = abs_1 + 2" in code
assert "sin = torch.sin(add)" in code and "getitem = add[0]" in code
assert "cat = torch.cat([mul, l_x_], dim = 1)" in code and "return (cat, add)" in code
# The generated code is valid Python that computes the same thing (an oracle for the printer).
namespace = {"torch": torch}
exec(code.strip(), namespace)
assert all(torch.allclose(a, b) for a, b in zip(namespace["forward"](None, x), ref))
readable = gm.print_readable(print_output=False)
assert readable.startswith("class GraphModule(torch.nn.Module):") and "def forward" in readable
graph_text = str(gm.graph)
assert graph_text.startswith("graph():") and "%abs_1 : [num_users=1] = call_method[target=abs](args = (%l_x_,)" in graph_text

# CompileCounter counts every call_* node (Dynamo's count_calls), explain only call_function.
cnt = testing.CompileCounter()
compiled = cnt(gm, [x])
assert (cnt.frame_count, cnt.op_count) == (1, 6)
assert all(torch.allclose(a, b) for a, b in zip(compiled(x), ref))
assert explain._call_function_targets(gm) == [operator.add, torch.sin, operator.getitem, operator.mul, torch.cat]
rec = testing.EagerAndRecordGraphs()
rec(gm, [x])
assert rec.graphs == [gm]

# call_module and get_attr through target_obj.
lin = torch.nn.Linear(4, 2)
MOD_SPEC = {"id": "G2", "function": "M.forward", "region_start": 0, "nodes": [
    {"name": "l_x_", "op": "placeholder", "target": "L['x']", "args": [], "meta": {}},
    {"name": "lin", "op": "call_module", "target": "L__self___lin", "target_obj": lin,
     "args": [{"node": "l_x_"}]},
    {"name": "w", "op": "get_attr", "target": "L__self___lin.weight", "target_obj": lin.weight,
     "args": []},
    {"name": "relu", "op": "call_method", "target": "relu", "args": [{"node": "lin"}]},
    {"name": "sum_1", "op": "call_method", "target": "sum", "args": [{"node": "w"}]},
    {"name": "add", "op": "call_function", "target": "operator.add", "target_obj": operator.add,
     "args": [{"node": "relu"}, {"node": "sum_1"}]},
    {"name": "output", "op": "output", "target": "output", "args": [{"tuple": [{"node": "add"}]}]},
]}
gm2 = GraphModule(MOD_SPEC)
(y,) = gm2(x)
assert torch.allclose(y, lin(x).relu() + lin.weight.sum())
assert "lin = self.L__self___lin(l_x_)" in gm2.code and "w = self.L__self___lin.weight" in gm2.code
assert any(p is lin.weight for p in gm2.parameters())

# ExplainOutput prints Dynamo 2.1+'s layout.
brk = {"break_type": "graph_break_call", "reason": "call to torch._dynamo.graph_break()",
       "hint": "", "user_stack": [site(3, 22)], "after_graph": "G1", "before_graph": "G2"}
guard = {"kind": "TENSOR_MATCH", "source": "L['x']", "text": "check_tensor(L['x'], float32, [3, 4])"}
reasons = explain.break_reasons_from_records([{"breaks": [brk]}])
guards = explain.guards_from_records([{"entries": [{"region_start": 0, "guards": [guard]}]}])
out = explain.ExplainOutput([gm], 1, 1, reasons, 5, [explain._call_function_targets(gm)], guards, "x")
text = str(out)
print(text)
lines = text.splitlines()
assert lines[:4] == ["Graph Count: 1", "Graph Break Count: 1", "Op Count: 5", "Break Reasons:"]
assert lines[4:8] == ["  Break Reason 1:", "    Reason: call to torch._dynamo.graph_break()",
                      "    User Stack:", "      <FrameSummary file /tmp/user.py, line 3 in fn>"]
assert lines[8:10] == ["Ops per Graph:", "  Ops 1:"] and lines[10] == f"    {operator.add}"
assert "Out Guards:" in lines and "  Guard 1:" in lines and '    Name: "L[\'x\']"' in lines
assert isinstance(reasons[0].user_stack[0], traceback.FrameSummary)
assert reasons[0].user_stack[0].lineno == 3 and reasons[0].graph_id == "G1"

# The report builds from records (no target_obj, JSON-able) and prints provenance.
record = {"function": "fn", "file": "/tmp/user.py", "first_line": 1,
          "graphs": [{k: v for k, v in SPEC.items()}], "breaks": [brk],
          "entries": [{"region_start": 0, "guards": [guard]}],
          "recompiles": [{"reason": "tensor 'L['x']' size mismatch at index 0. expected 3, actual 4"}],
          "calls": 2, "cache_hits": 0, "cache_misses": 2}
doc = report.build([record])
import json
json.dumps(doc)
# op_count is explain's (5 call_function nodes); CompileCounter above counted 6 (abs_1 too).
assert doc["totals"]["graph_count"] == 1 and doc["functions"][0]["op_count"] == 5
assert "target_obj" not in json.dumps(doc)
text = report.to_text(doc)
print(text)
assert "Function fn (user.py:1)" in text and "Recompiles:" in text
assert "sin" in text and "inlined from" in text and "TENSOR_MATCH" in text
print("graphmodule checks passed")
