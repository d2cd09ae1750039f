"""Splits a joint forward+backward aten graph (kernels_autograd) into a forward graph, which
returns the user's outputs and the values the backward needs, and a backward graph, which takes
those saved values and the output gradients (tangents). Two partitioners: `save_all` (the
backward reads every forward value it uses) and `min_cut` (networkx max-flow/min-cut over the
joint graph, weighted by bytes: cheap pointwise ops and views are recomputed in the backward
when that saves fewer bytes than storing them, the idea of functorch's
min_cut_rematerialization_partition)."""

import math
import operator

import torch

from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_ops as ops
from _dynascope_shim import kernels_pointwise as pointwise

aten = torch.ops.aten
prims = torch.ops.prims

# Ops whose recomputation in the backward costs one more line in a fused loop: pointwise
# lowerings, casts, constants and views (index arithmetic). Everything else (matmul, conv,
# fallbacks, random ops) is saved, never recomputed.
RECOMPUTABLE = (set(ops.POINTWISE) | set(ops.SCALAR_ALIASES) | pointwise.CASTS | pointwise.CONSTANTS
                | lower.VIEWS | lower.IDENTITY
                | {aten.where.self, aten.clamp.default, aten.clamp.Tensor, operator.getitem})
# Reductions are recomputed only when their output is not much smaller than their input
# (functorch's rule: 4x), so a row statistic (mean, amax) is saved rather than re-reduced.
REDUCTIONS = set(lower.REDUCTIONS)


class Partition:
    """saved: joint node names the forward returns for the backward, in forward order."""

    def __init__(self, forward, backward, saved, saved_bytes, kind, note=""):
        self.forward, self.backward, self.saved, self.kind, self.note = (
            forward, backward, saved, kind, note)
        self.saved_bytes = saved_bytes  # what the forward keeps alive for the backward


def _tensor_meta(node):
    return node.meta.get("tensor_meta")


def _bytes(node):
    tm = _tensor_meta(node)
    if tm is None or not hasattr(tm, "shape"):
        return None
    numel = 1
    for s in tm.shape:
        numel *= int(s)
    return numel * torch.empty((), dtype=tm.dtype).element_size()


def _is_primal(node):
    return node.op == "placeholder" and node.name.startswith("primals")


def _is_tangent(node):
    return node.op == "placeholder" and node.name.startswith("tangents")


def _outputs(joint):
    out = next(n for n in joint.graph.nodes if n.op == "output")
    args = out.args[0]
    return list(args) if isinstance(args, (list, tuple)) else [args]


def _ancestors(nodes, stop=()):
    seen, todo = set(), [n for n in nodes if isinstance(n, torch.fx.Node)]
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        if n in stop:
            continue
        todo.extend(n.all_input_nodes)
    return seen


def _extract(joint, inputs, outputs):
    """A new GraphModule over joint's nodes: placeholders `inputs` (nodes of joint), the nodes
    computable from them (and from nothing: constants) that `outputs` need, returning `outputs`."""
    graph = torch.fx.Graph()
    env = {}
    for node in inputs:
        env[node] = graph.placeholder(node.name)
        env[node].meta = dict(node.meta)
    needed = _ancestors(outputs, stop=set(inputs))
    for node in joint.graph.nodes:
        if node in env or node not in needed or node.op == "output":
            continue
        if node.op == "placeholder":
            raise RuntimeError(f"partition: {node.name} is needed but not an input")
        env[node] = graph.node_copy(node, lambda n: env[n])
    graph.output([env[o] if isinstance(o, torch.fx.Node) else o for o in outputs])
    gm = torch.fx.GraphModule(joint, graph)
    gm.graph.eliminate_dead_code()
    gm.recompile()
    return gm


def _forward_nodes(joint, num_fw_outputs):
    """The nodes the forward outputs need, plus the getitems of the multi-output nodes among them
    (a tuple is never saved; its items are)."""
    fw = _ancestors(_outputs(joint)[:num_fw_outputs])
    fw |= {n for n in joint.graph.nodes if _is_primal(n)}
    for node in list(fw):
        fw.update(u for u in node.users if u.target is operator.getitem)
    return fw


def _split(joint, num_fw_outputs, saved, kind, note=""):
    outs = _outputs(joint)
    primals = [n for n in joint.graph.nodes if _is_primal(n)]
    tangents = [n for n in joint.graph.nodes if _is_tangent(n)]
    order = {n: i for i, n in enumerate(joint.graph.nodes)}
    saved = sorted(saved, key=order.get)
    forward = _extract(joint, primals, outs[:num_fw_outputs] + saved)
    backward = _extract(joint, saved + tangents, outs[num_fw_outputs:])
    return Partition(forward, backward, [n.name for n in saved],
                     sum(_bytes(n) or 0 for n in saved), kind, note)


def save_all(joint, num_fw_outputs):
    """The simple partition: every forward value a backward node reads is saved."""
    fw = _forward_nodes(joint, num_fw_outputs)
    bw = _ancestors(_outputs(joint)[num_fw_outputs:]) - fw
    saved = {a for n in bw for a in n.all_input_nodes if a in fw}
    return _split(joint, num_fw_outputs, saved, "save-all")


def _banned(node):
    """True: the node is never recomputed (saved if the backward needs it)."""
    if node.op != "call_function":
        return False
    if node.target in REDUCTIONS:
        inputs = sum(_bytes(a) or 0 for a in node.all_input_nodes)
        out = _bytes(node)
        return out is None or out * 4 < inputs
    return node.target not in RECOMPUTABLE


def min_cut(joint, num_fw_outputs):
    """Saves the cheapest set of values that separates the primal inputs from everything the
    tangents reach: a node is an edge in->out weighted by its bytes (infinite for non-tensors);
    primals and unrecomputable forward nodes hang off the source, nodes that depend on a tangent
    off the sink. The cut edges are the saved values; the backward recomputes the rest."""
    try:
        import networkx as nx
    except ImportError:
        part = save_all(joint, num_fw_outputs)
        part.note = "networkx is not installed (python3-networkx): saved every forward value"
        return part
    nodes = [n for n in joint.graph.nodes if n.op != "output"]
    fw = _forward_nodes(joint, num_fw_outputs)
    needs_tangent = set()
    for node in nodes:
        if _is_tangent(node) or any(a in needs_tangent for a in node.all_input_nodes):
            needs_tangent.add(node)
    flow = nx.DiGraph()
    flow.add_node("source")
    flow.add_node("sink")
    for node in nodes:
        if node in needs_tangent:
            flow.add_edge(node.name + "_in", "sink", capacity=math.inf)
            continue
        if _is_primal(node) or (node in fw and _banned(node)):
            flow.add_edge("source", node.name + "_in", capacity=math.inf)
        size = _bytes(node)
        weight = math.inf if size is None else size
        # A view costs nothing to recompute and nothing more to save than its base: a tie the
        # base wins, so the saved set stays free of views over saved tensors.
        if node.op == "call_function" and node.target in lower.VIEWS and size is not None:
            weight = size + 1
        flow.add_edge(node.name + "_in", node.name + "_out", capacity=weight)
        for user in node.users:
            if user.op != "output":
                flow.add_edge(node.name + "_out", user.name + "_in", capacity=math.inf)
    value, (reachable, _) = nx.minimum_cut(flow, "source", "sink")
    if value == math.inf:  # only a non-tensor separates them: nothing finite to save
        part = save_all(joint, num_fw_outputs)
        part.note = "no finite cut: saved every forward value"
        return part
    saved = {n for n in nodes if n not in needs_tangent and n.name + "_in" in reachable
             and n.name + "_out" not in reachable}
    return _split(joint, num_fw_outputs, saved, "min-cut")


def partition(joint, num_fw_outputs, kind="min-cut"):
    return (min_cut if kind == "min-cut" else save_all)(joint, num_fw_outputs)
