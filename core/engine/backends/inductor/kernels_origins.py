"""Where each aten node came from: the captured-graph node it was traced from, so each kernel,
extern call and fallback names the nodes the Graphs view draws.

The captured graph is walked node by node (`marked_forward`) under torch.fx's stack-trace
override, each node inside `append_stack_trace("dynascope-node:G1/mul")`: make_fx stamps that
text on every aten node created while the captured node runs, decompositions included. For the
backward half of a joint trace, every autograd node a captured node created carries the same
mark in its metadata, and a pre-hook puts it on the stack while autograd runs that node's
backward (functorch 1.13 does the same with source tracebacks). `keep_marks` moves the mark into
node.meta["captured"] right after tracing, because the partitioner copies meta, not stack_trace.
"""

import contextlib

import torch
import torch.fx.traceback as fx_traceback
from torch.nn.utils import stateless

MARK = "dynascope-node:"


def attr(gm, node):
    obj = getattr(node, "_target_obj", None)
    if obj is not None:
        return obj
    obj = gm
    for part in str(getattr(node, "target_name", node.target)).split("."):
        obj = getattr(obj, part)
    return obj


def _resolve(value, env):
    if isinstance(value, torch.fx.Node) or hasattr(value, "all_input_nodes"):
        return env[value]
    if isinstance(value, (list, tuple)):
        return type(value)(_resolve(v, env) for v in value)
    if isinstance(value, dict):
        return {k: _resolve(v, env) for k, v in value.items()}
    return value


def _mark_autograd(result, mark, seen):
    """Stamps `mark` on the autograd nodes behind `result` that no earlier node stamped (a
    composite op such as linear makes several)."""
    stack = [getattr(t, "grad_fn", None) for t in
             (result if isinstance(result, (list, tuple)) else (result,))]
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        fn.metadata["dynascope_mark"] = mark
        stack.extend(f for f, _ in fn.next_functions)


def marked_forward(gm, params=()):
    """gm's nodes run one by one, each under its mark; `params` are passed as trailing
    arguments instead of read from modules (the lifted parameters of a training plan)."""
    index = {id(p): i for i, p in enumerate(params)}
    graph_id = getattr(gm, "spec_id", "") or ""

    def run(*args):
        inputs, lifted = args[:len(args) - len(params)], args[len(args) - len(params):]
        env, k, stamped = {}, 0, set()
        for node in gm.graph.nodes:
            a = _resolve(tuple(node.args), env)
            kw = _resolve(dict(node.kwargs), env)
            if node.op == "placeholder":
                env[node] = inputs[k]
                k += 1
                continue
            if node.op == "output":
                result = a[0] if a else ()
                return tuple(result) if isinstance(result, list) else result  # as gm.forward
            if node.op == "get_attr":
                obj = attr(gm, node)
                env[node] = lifted[index[id(obj)]] if id(obj) in index else obj
                continue
            mark = f"{MARK}{graph_id}/{node.name}"
            with fx_traceback.append_stack_trace(mark):
                if node.op == "call_module":
                    module = attr(gm, node)
                    swap = {name: lifted[index[id(p)]] for name, p in module.named_parameters()
                            if id(p) in index}
                    env[node] = (stateless.functional_call(module, swap, a, kw) if swap
                                 else module(*a, **kw))
                elif node.op == "call_function":
                    fn = getattr(node, "_target_obj", None)
                    env[node] = (fn if fn is not None else node.target)(*a, **kw)
                elif node.op == "call_method":
                    env[node] = getattr(a[0], getattr(node, "target_name", node.target))(*a[1:], **kw)
            if torch.is_grad_enabled():
                _mark_autograd(env[node], mark, stamped)
        return None

    return run


@contextlib.contextmanager
def marking():
    """Tracing with marks: make_fx copies the marks onto the nodes it creates."""
    saved = list(fx_traceback.current_stack)
    try:
        with fx_traceback.override_stack_trace():
            fx_traceback.current_stack = []
            yield
    finally:
        fx_traceback.current_stack = saved


def hook_backward(outputs):
    """While autograd runs a node's backward, its forward node's mark is the current one."""
    seen, stack = set(), [getattr(o, "grad_fn", None) for o in outputs]
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        mark = fn.metadata.get("dynascope_mark", "")
        fn.register_prehook(lambda grads, mark=mark: fx_traceback.set_stack_trace([mark]))
        stack.extend(f for f, _ in fn.next_functions)


def keep_marks(gm):
    """node.meta["captured"] = "G1/mul" for every aten node traced under a mark."""
    for node in gm.graph.nodes:
        for line in (node.stack_trace or "").splitlines():
            if line.startswith(MARK):
                node.meta["captured"] = line[len(MARK):]
                break
    return gm


def annotate(record, lowered):
    """The record's captured-graph fields: its graph id ("G1"), and per kernel, extern call and
    fallback the captured nodes it came from, in graph order."""
    where = lowered.captured  # aten node name -> "G1/mul"
    graphs = [c.split("/", 1)[0] for c in where.values()]
    record["captured_graph"] = max(set(graphs), key=graphs.count) if graphs else ""

    def nodes(aten_names):
        out = []
        for name in aten_names:
            c = where.get(name)
            if c and c.split("/", 1)[1] not in out:
                out.append(c.split("/", 1)[1])
        return out

    for kernel in record["kernels"]:
        kernel["captured"] = nodes(sorted(kernel["origins"],
                                           key=lambda n: lowered.order_of.get(n, len(where))))
    for step in record["externs"] + record["fallbacks"]:
        step["captured"] = nodes([step["node"]])
