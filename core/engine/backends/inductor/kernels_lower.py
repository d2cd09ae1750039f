"""Lowering: a captured graph -> aten graph (make_fx with a curated decomposition table) -> the
loop IR of kernels_ir (pointwise values, reductions, views as index arithmetic) plus torch steps
for extern calls and fallbacks. The result is a LoweredGraph the scheduler groups into kernels."""

import operator

import torch
from torch._decomp import get_decompositions
from torch.fx.experimental.proxy_tensor import make_fx

from _dynascope_shim import kernels_ir as ir
from _dynascope_shim import kernels_ops as ops
from _dynascope_shim import kernels_origins as origins

aten = torch.ops.aten
prims = torch.ops.prims


def _ops(*names):
    out = []
    for name in names:
        packet = getattr(aten, name, None)
        if packet is not None:
            out.append(packet)
    return out


# Decomposed before lowering: composite ops whose pieces all lower to loops. relu, var, mean
# and sigmoid are NOT decomposed (their decompositions are awkward or bake sizes in as numbers),
# and neither are those whose torch 1.13 decomposition disagrees with eager: logsumexp (a row of
# -inf gave NaN, eager -inf), xlogy (xlogy(0, NaN) gave 0, eager NaN), clamp_min/clamp_max (a
# NaN bound was ignored; eager gives NaN; lowered directly instead).
DECOMPOSITIONS = get_decompositions(_ops(
    "_softmax", "_log_softmax", "native_layer_norm", "gelu", "silu", "hardtanh", "hardsigmoid",
    "hardswish", "leaky_relu", "elu", "softplus", "mse_loss", "addcmul", "addcdiv", "lerp",
    "masked_fill", "mish", "logit",
    "_log_softmax_backward_data", "_softmax_backward_data", "native_layer_norm_backward",
    "gelu_backward", "tanh_backward", "sigmoid_backward", "threshold_backward", "silu_backward",
    # backward ops of training graphs whose decompositions are pointwise
    "mse_loss_backward", "huber_loss_backward", "elu_backward", "hardtanh_backward",
    "leaky_relu_backward", "softplus_backward", "hardswish_backward", "hardsigmoid_backward"))


def _factory_dtype(scalars, keeps_bool):
    """The dtype eager gives a factory call without dtype=: the default float type when any
    argument is a float, bool for full's bool fill value (keeps_bool), else int64."""
    if any(isinstance(v, float) for v in scalars):
        return torch.get_default_dtype()
    if keeps_bool and all(isinstance(v, bool) for v in scalars):
        return torch.bool
    return torch.int64


def _with_dtype(op, deciding):
    """A decomposition that spells out eager's dtype on a factory call that has none: torch 1.13's
    meta kernels, which the fake-tensor trace takes every dtype from, get it wrong (full((3,), 7)
    and full((3,), True) say float32, eager int64 and bool; arange(4.0) says int64, eager
    float32), and every node after such a call inherited the wrong dtype. deciding(args): the
    arguments eager decides by. NotImplemented (the call as it is) when dtype= is given or one
    of them is not a plain number."""

    def decomposition(*args, **kwargs):
        scalars = deciding(args)
        if kwargs.get("dtype") is not None or not all(
                isinstance(v, (bool, int, float)) for v in scalars):
            return NotImplemented
        dtype = _factory_dtype(scalars, op is aten.full.default)
        return op(*args, **dict(kwargs, dtype=dtype))

    return decomposition


for _op, _deciding in ((aten.full.default, lambda args: args[1:2]),
                       (aten.arange.default, lambda args: args),
                       (aten.arange.start, lambda args: args),
                       (aten.arange.start_step, lambda args: args)):
    DECOMPOSITIONS[_op] = _with_dtype(_op, _deciding)

EXTERN = {aten.mm.default, aten.addmm.default, aten.bmm.default, aten.convolution.default,
          aten.baddbmm.default, aten.addmv.default, aten.mv.default, aten.dot.default,
          aten.convolution_backward.default}
VIEWS = {aten.view.default, aten._unsafe_view.default, aten.reshape.default, aten.expand.default,
         aten.permute.default, aten.t.default, aten.transpose.int, aten.unsqueeze.default,
         aten.squeeze.dim, aten.squeeze.default, aten.slice.Tensor, aten.select.int,
         aten.alias.default, aten.detach.default, aten._reshape_alias.default,
         aten.expand_as.default if hasattr(aten, "expand_as") else aten.expand.default}
# Views whose result does not depend on the base's strides: a torch step (matmul, fallback) takes
# them as strided views of the buffer instead of a copy (a linear layer's transposed weight).
STRIDED_VIEWS = {aten.permute.default, aten.t.default, aten.transpose.int, aten.unsqueeze.default,
                 aten.squeeze.dim, aten.squeeze.default, aten.slice.Tensor, aten.select.int,
                 aten.alias.default, aten.detach.default, aten.expand.default}
IDENTITY = {aten.clone.default, aten.lift_fresh_copy.default, aten.contiguous.default}
REDUCTIONS = {
    aten.sum.dim_IntList: "sum", aten.sum.default: "sum", aten.mean.dim: "mean",
    aten.mean.default: "mean", aten.amax.default: "max", aten.amin.default: "min",
    aten.max.default: "max", aten.min.default: "min", aten.argmax.default: "argmax",
    aten.argmin.default: "argmin", aten.prod.default: "prod", aten.prod.dim_int: "prod",
    aten.any.dim: "any", aten.any.default: "any", aten.all.dim: "all", aten.all.default: "all",
    aten.var.correction: "var", aten.var.dim: "var", aten.var_mean.correction: "var_mean",
    aten.std.correction: "std", aten.std.dim: "std",
}
HEAVY_OPS = 4  # a pointwise value with more than one user and this cost is computed once
MAX_INLINE_OPS = 60


class Unlowerable(Exception):
    """The whole graph runs eagerly (the message says why)."""


def check_no_effect_calls(gm):
    """A captured call whose result nothing reads is there for its effect on global state
    (torch.use_deterministic_algorithms, torch.manual_seed): make_fx would run it once while
    tracing and leave it out of the kernels, so the state would not change on later calls. Such a
    graph runs eagerly. Grad-mode switches are the exception: they only shape autograd, which the
    training plans handle (CompiledGraph.switches_grad), and so are writes into tensors."""
    for node in gm.graph.nodes:
        if node.op != "call_function" or node.users:
            continue
        name = getattr(node.target, "__name__", str(node.target))
        # A tensor written in place (x[i] = v, torch.relu_(x)) is an op make_fx records; an
        # unread item of a result (torch.max(x, 1).values leaves .indices) has no effect.
        if name in ("set_grad_enabled", "setitem", "getitem") or name.endswith("_"):
            continue
        raise Unlowerable(f"{node.name} ({name}) is called for its effect")


def check_on_cpu(tensors, what="an input"):
    """The generated kernels read and write memory on the CPU: a graph with a tensor elsewhere
    (CUDA, meta) runs eagerly — a kernel would otherwise dereference a device pointer."""
    for t in tensors:
        if isinstance(t, (list, tuple)):
            check_on_cpu(t, what)
        elif isinstance(t, torch.Tensor) and t.device.type != "cpu":
            raise Unlowerable(f"{what} is on {t.device} (the kernels run on the CPU)")


def trace_aten(fn, inputs):
    """The graph as aten ops, with shapes/dtypes/strides of every node in node.meta and the
    captured node each came from in node.meta["captured"] (kernels_origins). Traced with fake
    tensors: no real computation (tracing 32 MB through layer norm took 0.4 s for real, 27 ms
    fake) and nothing an in-place op could change in the caller's tensors."""
    gm = getattr(fn, "__self__", None)
    if gm is not None and hasattr(gm, "graph") and getattr(fn, "__name__", "") == "forward":
        check_no_effect_calls(gm)
        fn = origins.marked_forward(gm)
    with origins.marking():
        traced = make_fx(fn, decomposition_table=DECOMPOSITIONS, tracing_mode="fake")(*inputs)
    return origins.keep_marks(traced)


class LoweredGraph:
    def __init__(self):
        self.table = ir.SizeTable()
        self.buffers = {}  # name -> ir.Buffer
        self.inputs = []  # per placeholder: buffer name, or None (not a tensor)
        self.constants = {}  # buffer name -> tensor (get_attr)
        self.steps = []  # ComputedNode | TorchStep, in execution order
        self.outputs = []  # ("buffer", name) | ("input", index) | ("constant", value)
        self.output_buffers = set()
        self.fallbacks = []  # (node name, op, reason) for the report
        self.captured = {}  # aten node name -> the captured node it came from, "G1/mul"
        self.order_of = {}  # aten node name -> its position in the aten graph


def _meta(node):
    """TensorMetadata, or a list of them for a node returning several tensors (make_fx records
    none on such nodes: their getitem users have it)."""
    tm = node.meta.get("tensor_meta")
    if tm is None and node.users and all(u.target is operator.getitem for u in node.users):
        metas = {u.args[1]: u.meta.get("tensor_meta") for u in node.users}
        return [metas.get(i) for i in range(max(metas) + 1)]
    return tm


def _norm_dims(dims, rank):
    if dims is None:
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    dims = [d % rank if rank else 0 for d in dims]
    return sorted(set(dims)) if dims else list(range(rank))


def _contiguous(sizes):
    strides, acc = [], 1
    for s in reversed(sizes):
        strides.append(acc)
        acc *= max(int(s), 1)
    return list(reversed(strides))


class Lowering:
    def __init__(self, gm):
        self.gm = gm
        self.g = LoweredGraph()
        self.env = {}
        self.counter = 0

    # -- buffers -----------------------------------------------------------------------------
    def new_name(self, prefix="buf"):
        self.counter += 1
        return f"{prefix}{self.counter - 1}"

    def add_buffer(self, prefix, dtype, sizes, strides, origin):
        name = self.new_name(prefix)
        buf = ir.Buffer(name, dtype, sizes, strides, self.g.table, origin)
        self.g.buffers[name] = buf
        return buf

    def realize(self, value, origin, strides=None):
        if isinstance(value, ir.Buffer):
            return value
        if not ir.supported(value.dtype):
            raise Unlowerable(f"dtype {value.dtype} of {origin}")
        buf = self.add_buffer("buf", value.dtype, value.sizes,
                              strides if strides is not None else _contiguous(value.sizes), origin)
        origins = list(dict.fromkeys(getattr(value, "origins", [origin])))
        self.g.steps.append(ir.PointwiseNode(buf.name, buf, value, origins))
        return buf

    # -- the walk ----------------------------------------------------------------------------
    def run(self, inputs):
        users = {n: len(n.users) for n in self.gm.graph.nodes}
        placeholder = 0
        for position, node in enumerate(self.gm.graph.nodes):
            self.g.order_of[node.name] = position
            if "captured" in node.meta:
                self.g.captured[node.name] = node.meta["captured"]
            if node.op == "placeholder":
                value = inputs[placeholder]
                placeholder += 1
                if isinstance(value, torch.Tensor):
                    if not ir.supported(value.dtype):
                        raise Unlowerable(f"input {node.name} has dtype {value.dtype}")
                    buf = self.add_buffer("in", value.dtype, value.shape, value.stride(), node.name)
                    self.g.inputs.append(buf.name)
                    self.env[node] = buf
                else:
                    self.g.inputs.append(None)
                    self.env[node] = value
            elif node.op == "get_attr":
                tensor = getattr(self.gm, node.target)
                check_on_cpu([tensor], f"constant {node.name}")
                if not ir.supported(tensor.dtype):
                    raise Unlowerable(f"constant {node.name} has dtype {tensor.dtype}")
                buf = self.add_buffer("const", tensor.dtype, tensor.shape, tensor.stride(), node.name)
                self.g.constants[buf.name] = tensor
                self.env[node] = buf
            elif node.op == "call_function":
                check_on_cpu([node.meta.get("val")], f"{node.name} ({node.target})")
                self.env[node] = self.lower_node(node, users[node])
            elif node.op == "output":
                self.lower_outputs(node)
            else:
                raise Unlowerable(f"{node.op} node {node.name}")
        return self.g

    def arg(self, a):
        if isinstance(a, torch.fx.Node):
            return self.env[a]
        if isinstance(a, (list, tuple)):
            return type(a)(self.arg(x) for x in a)
        return a

    def lower_node(self, node, users):
        target = node.target
        if target is operator.getitem:
            return self.arg(node.args[0])[node.args[1]]
        if getattr(target, "_schema", None) is not None and target._schema.is_mutable:
            raise Unlowerable(f"{node.name} mutates its input ({target})")
        meta = _meta(node)
        try:
            if target in EXTERN:
                return self.torch_step("extern", node, "")
            if meta is not None and not ir.is_multi(meta) and not ir.supported(meta.dtype):
                return self.torch_step("fallback", node, f"dtype {meta.dtype}")
            if target in VIEWS:
                return self.lower_view(node)
            if target in REDUCTIONS:
                return self.lower_reduction(node, REDUCTIONS[target])
            value = self.lower_pointwise(node)
        except _NoLowering as e:
            return self.torch_step("fallback", node, str(e))
        if value is None:
            return self.torch_step("fallback", node, "no lowering")
        if isinstance(value, ir.Lambda):
            value.origins = [node.name] + [o for a in node.all_input_nodes
                                           for o in getattr(self.env.get(a), "origins", [])
                                           if isinstance(self.env.get(a), ir.Lambda)]
            heavy = users > 1 and value.ops >= HEAVY_OPS
            if heavy or value.ops > MAX_INLINE_OPS:
                return self.realize(value, node.name)
        return value

    def torch_step(self, kind, node, reason):
        args = [self.step_arg(a, node) for a in node.args]
        kwargs = {k: self.step_arg(v, node) for k, v in node.kwargs.items()}
        meta = _meta(node)
        metas = meta if ir.is_multi(meta) else [meta]
        if meta is None:
            raise Unlowerable(f"{node.name} ({node.target}) returns something other than tensors")
        measured = _measured_strides(node) if node.target in LAYOUT_MEASURED else None
        outs = []
        for i, m in enumerate(metas):  # None: an output of a multi-output op that nothing reads
            strides = measured[i] if measured and measured[i] is not None else m and m.stride
            outs.append(self.add_buffer("buf", m.dtype, m.shape, strides, node.name)
                        if m is not None and hasattr(m, "dtype") else None)
        self.g.steps.append(ir.TorchStep(kind, node.name, node.target, args, kwargs,
                                         [b.name if b else None for b in outs], reason))
        if kind == "fallback":
            self.g.fallbacks.append((node.name, str(node.target), reason))
        return tuple(outs) if ir.is_multi(meta) else outs[0]

    def step_arg(self, a, node):
        if isinstance(a, torch.fx.Node):
            value = self.env[a]
            chain = getattr(value, "view_chain", None)
            if (isinstance(value, ir.Lambda) and chain and isinstance(chain[0], ir.Buffer)
                    and all(n.target in STRIDED_VIEWS for n in chain[1])):
                return StepView(chain[0].name, chain[1])  # a strided view, not a copy
            if isinstance(value, ir.Lambda):
                # Realized once, with the eager strides, for every later user too (an output,
                # a second step): a value saved for the backward and fed to a matmul is one buffer.
                meta = _meta(a)
                strides = list(meta.stride) if meta is not None and not ir.is_multi(meta) else None
                value = self.env[a] = self.realize(value, node.name, strides)
            if isinstance(value, ir.Value):
                return StepRef(value.name)
            return value
        if isinstance(a, (list, tuple)):
            return type(a)(self.step_arg(x, node) for x in a)
        return a

    # -- pointwise ---------------------------------------------------------------------------
    def lower_pointwise(self, node):
        from _dynascope_shim import kernels_pointwise

        return kernels_pointwise.lower(self, node)

    # -- views -------------------------------------------------------------------------------
    def lower_view(self, node):
        from _dynascope_shim import kernels_views

        return kernels_views.lower(self, node)

    # -- reductions --------------------------------------------------------------------------
    def lower_reduction(self, node, kind):
        src = self.arg(node.args[0])
        if not isinstance(src, ir.Value):
            raise _NoLowering("reduction of a non-tensor")
        rank = len(src.sizes)
        args = list(node.args[1:])
        kw = dict(node.kwargs)
        dims = args[0] if args else kw.get("dim")
        if node.target in (aten.argmax.default, aten.argmin.default) and dims is not None:
            dims = [dims]
        keepdim = bool(args[1]) if len(args) > 1 and isinstance(args[1], bool) else kw.get("keepdim", False)
        if node.target in (aten.var.dim, aten.std.dim):
            correction = 1 if (len(args) < 2 or args[1]) else 0
            keepdim = bool(args[2]) if len(args) > 2 else kw.get("keepdim", False)
        elif kind in ("var", "std", "var_mean"):
            correction = kw.get("correction", 1)
            correction = 1 if correction is None else correction
            keepdim = kw.get("keepdim", False)
        else:
            correction = 0
        if node.target in (aten.max.default, aten.min.default, aten.sum.default,
                           aten.mean.default, aten.prod.default, aten.any.default, aten.all.default):
            dims = None
        if node.target in (aten.sum.dim_IntList, aten.mean.dim) and dims is not None and len(dims) == 0:
            dims = None
        dims = _norm_dims(dims, rank)
        if node.target in (aten.argmax.default, aten.argmin.default) and args[:1] == [None]:
            keepdim = False
        meta = _meta(node)
        metas = meta if ir.is_multi(meta) else [meta]
        if rank == 0:
            dims = []
        if kind in ("max", "min", "argmax", "argmin") and any(src.sizes[d] == 0 for d in dims):
            # eager raises ("Expected reduction dim to be specified for input.numel() == 0"),
            # the fake trace does not: the kernel gave -inf for torch.max of an empty tensor
            raise _NoLowering(f"{kind} over an empty dim")
        if kind == "var_mean":
            metas = list(metas) + [None] * (2 - len(metas))
            var = self.reduction_node(node, src, dims, "var", metas[0], correction) if metas[0] else None
            mean = self.reduction_node(node, src, dims, "mean", metas[1], 0) if metas[1] else None
            return (var, mean)
        if kind == "std":
            var = self.reduction_node(node, src, dims, "var", metas[0], correction)
            ctype = ir.C_TYPES[var.dtype]
            return ir.Lambda(var.dtype, var.sizes,
                             lambda idx: ops._sqrt(var.load(idx), ctype), 2, node.name)
        return self.reduction_node(node, src, dims, kind, metas[0], correction)

    def reduction_node(self, node, src, dims, kind, meta, correction):
        if not ir.supported(meta.dtype):
            raise _NoLowering(f"dtype {meta.dtype}")
        buf = self.add_buffer("buf", meta.dtype, meta.shape, _contiguous(meta.shape), node.name)
        origins = list(dict.fromkeys([node.name] + getattr(src, "origins", [])))
        self.g.steps.append(ir.ReductionNode(buf.name, buf, src, dims, kind, origins, correction))
        return buf

    # -- outputs -----------------------------------------------------------------------------
    def realize_shared_roots(self, outs):
        """Outputs that are one unrealized value and views of it (return y, y.view(2, 2)) share
        memory in eager: an in-place write through one shows in the other. Such a value is
        realized once, with the eager strides, and those outputs are it and views of it;
        inlined into each they would be separate tensors. Returns the realized roots."""
        count = {}
        for out in outs:
            root, _ = _view_root(out)
            count[root] = count.get(root, 0) + 1
        shared = set()
        for root, n in count.items():
            value = self.env.get(root)
            if n > 1 and isinstance(value, ir.Lambda):
                meta = _meta(root)
                strides = list(meta.stride) if meta is not None and not ir.is_multi(meta) else None
                self.env[root] = self.realize(value, root.name, strides)
            if n > 1 and isinstance(self.env.get(root), ir.Buffer) and root.op == "call_function":
                shared.add(root)
        return shared

    def lower_outputs(self, node):
        outs = node.args[0]
        outs = outs if isinstance(outs, (list, tuple)) else [outs]
        shared = self.realize_shared_roots([o for o in outs if isinstance(o, torch.fx.Node)])
        for out in outs:
            if not isinstance(out, torch.fx.Node):
                self.g.outputs.append(("constant", out))
                continue
            root, chain = _view_root(out)
            if root in shared:  # one buffer, and each output that views it a view of it
                name = self.env[root].name
                self.g.outputs.append(("view", (name, chain)) if chain else ("buffer", name))
                self.g.output_buffers.add(name)
                continue
            value = self.env[out]
            if not isinstance(value, ir.Value):
                raise Unlowerable(f"output {out.name} is not a tensor")
            if isinstance(value, ir.Buffer) and value.name.startswith("in"):
                self.g.outputs.append(("input", self.g.inputs.index(value.name)))
                continue
            if isinstance(value, ir.Lambda) and getattr(value, "view_chain", None):
                base, chain = value.view_chain
                if isinstance(base, ir.Buffer):
                    self.g.outputs.append(("view", (base.name, chain)))
                    if not base.name.startswith(("in", "const")):
                        # allocated per call, not once per plan: the caller keeps this view
                        self.g.output_buffers.add(base.name)
                    continue
            meta = _meta(out)
            if isinstance(value, ir.Buffer):
                self.g.outputs.append(("buffer", value.name))
                self.g.output_buffers.add(value.name)
                continue
            strides = list(meta.stride) if meta is not None else None
            buf = self.realize(value, out.name, strides)
            self.g.outputs.append(("buffer", buf.name))
            self.g.output_buffers.add(buf.name)


# Externs whose result layout torch 1.13's meta kernels get wrong: a channels-last weight (or a
# channels-last input of a transposed convolution) gives eager a channels-last result, the meta
# kernel a contiguous one, and the kernels after it read it by the traced strides.
LAYOUT_MEASURED = {aten.convolution.default, aten.convolution_backward.default}


def _measured_strides(node):
    """The strides eager's own call gives the results of `node`, measured once per plan by
    calling it on zeros laid out as the trace says its operands are; a list with None for a
    result that is not a tensor."""
    def real(a):
        if isinstance(a, torch.fx.Node):
            m = _meta(a)
            if m is None or ir.is_multi(m):
                raise Unlowerable(f"{node.name}: operand {a.name} has no layout")
            size = 1 + sum((n - 1) * st for n, st in zip(m.shape, m.stride)) if all(m.shape) else 0
            return torch.zeros(size, dtype=m.dtype).as_strided(m.shape, m.stride)
        if isinstance(a, (list, tuple)):
            return type(a)(real(x) for x in a)
        return a

    with torch.no_grad():
        kwargs = {k: real(v) for k, v in node.kwargs.items()}
        result = node.target(*real(list(node.args)), **kwargs)
    results = result if isinstance(result, (tuple, list)) else [result]
    return [t.stride() if isinstance(t, torch.Tensor) else None for t in results]


def _view_root(node):
    """The node a chain of view ops starts from, and the chain (first view first)."""
    chain = []
    while node.op == "call_function" and node.target in VIEWS:
        chain.append(node)
        node = node.args[0]
    return node, chain[::-1]


class StepRef:
    """A buffer argument of a torch step."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


class StepView:
    """A view of a buffer as a torch step's argument: the chain of view nodes applied to it."""

    def __init__(self, name, chain):
        self.name, self.chain = name, chain
        self.calls = [(getattr(n.target, "_op", n.target), tuple(n.args[1:]), dict(n.kwargs))
                      for n in chain]

    def resolve(self, env):
        t = env[self.name]
        for op, args, kwargs in self.calls:
            t = op(t, *args, **kwargs)
        return t

    def __repr__(self):
        return f"{self.name}.{'.'.join(str(n.target).split('.')[-2] for n in self.chain)}"


_NoLowering = ir.NoLowering


def lower(fx_gm, inputs):
    return Lowering(fx_gm).run(inputs)
