"""Training plans (AOTAutograd): a call whose inputs or parameters require grad under grad mode.
The graph and its backward are traced together (make_fx over torch.autograd.grad: the joint
graph), split by kernels_partition into a forward and a backward graph, both compiled like any
graph, and run by CompiledFunction, a torch.autograd.Function whose forward runs the forward
kernels and saves what the partition says, and whose backward runs the backward kernels (each
half one call into the capture core's C++ path when its plan is native)."""

import torch
from torch.fx.experimental.proxy_tensor import make_fx

from _dynascope_shim import kernels_lower as lower
from _dynascope_shim import kernels_origins as origins


def lifted_parameters(gm):
    """The tensors the graph reads through get_attr or call_module that require grad (a
    module's parameters): they become inputs of the joint graph, as in aot_module."""
    found = {}
    for node in gm.graph.nodes:
        if node.op == "get_attr":
            obj = origins.attr(gm, node)
            if isinstance(obj, torch.Tensor) and obj.requires_grad:
                found.setdefault(id(obj), obj)
        elif node.op == "call_module":
            for p in origins.attr(gm, node).parameters():
                if p.requires_grad:
                    found.setdefault(id(p), p)
    return list(found.values())


def functional(gm, params):
    """gm.forward with `params` passed as trailing arguments instead of read from modules, each
    node run under its captured-node mark (kernels_origins)."""
    return origins.marked_forward(gm, params)


def _differentiable(t):
    return isinstance(t, torch.Tensor) and t.requires_grad and (t.is_floating_point() or t.is_complex())


class Joint:
    """The traced joint graph and what the autograd.Function needs to call its two halves."""

    def __init__(self, gm, num_outputs, tangent_outputs, grad_inputs, tangent_layouts):
        self.gm = gm
        self.num_outputs = num_outputs  # the user's outputs come first in gm's output
        self.tangent_outputs = tangent_outputs  # output positions that get a gradient
        self.grad_inputs = grad_inputs  # primal positions whose gradient the backward returns
        self.tangent_layouts = tangent_layouts  # (shape, dtype) per tangent, contiguous
        self.no_tangent = [i for i in range(num_outputs) if i not in set(tangent_outputs)]


def trace_joint(fn, primals):
    """make_fx (fake tensors) over fn followed by torch.autograd.grad of its differentiable
    outputs with respect to the primals that require grad, or None when no output needs a
    gradient (the inference plan serves that call)."""
    seen = []

    def forward_only(*args):
        outs = fn(*args)
        seen.extend((_differentiable(o), tuple(o.shape) if isinstance(o, torch.Tensor) else None,
                     getattr(o, "dtype", None)) for o in outs)
        return outs

    with torch.enable_grad():
        make_fx(forward_only, tracing_mode="fake")(*primals)
    tangent_outputs = [i for i, (diff, _, _) in enumerate(seen) if diff]
    grad_inputs = [i for i, p in enumerate(primals) if _differentiable(p)]
    if not tangent_outputs or not grad_inputs:
        return None
    layouts = [(seen[i][1], seen[i][2]) for i in tangent_outputs]

    def joint(primals, tangents):
        outs = fn(*primals)
        origins.hook_backward([outs[i] for i in tangent_outputs])
        grads = torch.autograd.grad([outs[i] for i in tangent_outputs],
                                    [primals[i] for i in grad_inputs], tangents, allow_unused=True)
        return list(outs) + list(grads)

    tangents = [torch.zeros(shape, dtype=dtype) for shape, dtype in layouts]
    with torch.enable_grad(), origins.marking():
        gm = make_fx(joint, decomposition_table=lower.DECOMPOSITIONS,
                     tracing_mode="fake")(list(primals), tangents)
    origins.keep_marks(gm)
    for node in list(gm.graph.nodes):  # autograd's shape checks: no users, no value
        if node.op == "call_function" and node.target is torch.ops.aten.is_same_size.default:
            gm.graph.erase_node(node)
    gm.graph.eliminate_dead_code()
    gm.recompile()
    return Joint(gm, len(seen), tangent_outputs, grad_inputs, layouts)


def placeholder_examples(gm):
    """Meta tensors with each placeholder's size, strides and dtype (the backward graph's saved
    values and tangents): lowering reads only their layout."""
    examples = []
    for node in gm.graph.nodes:
        if node.op != "placeholder":
            continue
        tm = node.meta.get("tensor_meta")
        examples.append(torch.empty_strided(tuple(tm.shape), tuple(tm.stride), dtype=tm.dtype,
                                            device="meta"))
    return examples


def conform(tensors, layouts):
    """Copies an argument whose strides differ from the ones its plan was generated for (an
    expanded gradient, a saved value realised contiguously)."""
    out = []
    for t, (shape, stride, dtype) in zip(tensors, layouts):
        if t.dtype != dtype:
            t = t.to(dtype)
        if t.stride() != stride and any(s > 1 and a != b
                                        for s, a, b in zip(t.shape, t.stride(), stride)):
            t = torch.empty_strided(shape, stride, dtype=dtype).copy_(t)
        out.append(t)
    return out


class CompiledFunction(torch.autograd.Function):
    """apply(plan, *primals): the forward kernels; backward: the backward kernels."""

    @staticmethod
    def forward(ctx, plan, *primals):
        outs = plan.forward_run(primals)
        n = plan.joint.num_outputs
        user, saved = outs[:n], outs[n:]
        ctx.plan = plan
        ctx.save_for_backward(*saved)
        if plan.joint.no_tangent:
            ctx.mark_non_differentiable(*[user[i] for i in plan.joint.no_tangent
                                          if isinstance(user[i], torch.Tensor)])
        return tuple(user)

    @staticmethod
    def backward(ctx, *grad_outputs):
        if torch.is_grad_enabled():
            raise RuntimeError(
                "dynascope: double backward (create_graph=True) through a graph compiled with "
                "backend='inductor' is not supported: its backward runs generated kernels that "
                "have no backward of their own; compile with backend='eager' for higher-order "
                "gradients")
        plan = ctx.plan
        joint = plan.joint
        tangents = []
        for i, (shape, dtype) in zip(joint.tangent_outputs, joint.tangent_layouts):
            g = grad_outputs[i]
            tangents.append(torch.zeros(shape, dtype=dtype) if g is None else g)
        args = list(ctx.saved_tensors) + tangents
        # Arguments already in the generated layouts go to C++ as they are (the usual case);
        # others are copied into those layouts first.
        grads = plan.backward_run.try_native(args)
        if grads is None:
            grads = plan.backward_run(conform(args, plan.backward_layouts))
        result = [None] * plan.num_primals
        for position, g in zip(joint.grad_inputs, grads):
            result[position] = g
        return (None, *result)

