"""Loop-level IR of the kernel generator: size symbols, index arithmetic on C expressions, and
the values lowering produces (a realized Buffer, an unrealized Pointwise, a Reduction).

Index expressions are C strings built by the helpers below; every size in them is a symbol
(s0, s1 …, bound at call time from the sizes array) except 0 and 1, so one binary serves every
size whose generated source is the same. A loader maps a per-dimension index list to a C
expression of the value; views (permute, expand, slice, reshape …) are loaders over loaders.
"""

import torch

# torch dtype -> C type of the generated code.
C_TYPES = {
    torch.float32: "float",
    torch.float64: "double",
    torch.int64: "int64_t",
    torch.int32: "int32_t",
    torch.uint8: "uint8_t",
    torch.bool: "bool",
}


def supported(dtype):
    return dtype in C_TYPES


def is_float(dtype):
    return dtype in (torch.float32, torch.float64)


def paren(e):
    e = str(e)
    if e.isidentifier() or e.lstrip("-").isdigit() or (e.startswith("(") and _balanced(e)):
        return e
    return f"({e})"


def _balanced(e):
    depth = 0
    for i, c in enumerate(e):
        depth += c == "("
        depth -= c == ")"
        if depth == 0 and i != len(e) - 1:
            return False
    return True


def imul(a, b):
    a, b = str(a), str(b)
    if a == "0" or b == "0":
        return "0"
    if a == "1":
        return b
    if b == "1":
        return a
    return f"{paren(a)}*{paren(b)}"


def iadd(*terms):
    terms = [str(t) for t in terms if str(t) != "0"]
    if not terms:
        return "0"
    return " + ".join(terms) if len(terms) > 1 else terms[0]


def iprod(items):
    out = "1"
    for item in items:
        out = imul(out, item)
    return out


def offset(index, strides):
    return iadd(*(imul(i, s) for i, s in zip(index, strides)))


class SizeTable:
    """Maps concrete sizes (and strides) to symbols s0, s1 … by value; 0 and 1 stay literal."""

    def __init__(self):
        self.values = []
        self._index = {}

    def sym(self, value):
        value = int(value)
        if value in (0, 1):
            return str(value)
        if value not in self._index:
            self._index[value] = len(self.values)
            self.values.append(value)
        return f"s{self._index[value]}"

    def syms(self, values):
        return [self.sym(v) for v in values]


class Loads:
    """Collects the realized buffers an expression reads, with their per-dimension index."""

    active = None

    def __init__(self):
        self.items = []

    def __enter__(self):
        self._saved, Loads.active = Loads.active, self
        return self

    def __exit__(self, *exc):
        Loads.active = self._saved


class NoLowering(Exception):
    """This node has no lowering: it runs through torch (a fallback), with this reason."""


class Value:
    """A tensor during lowering: dtype, concrete sizes, and load(index) -> C expression."""

    kind = "value"
    ops = 0  # operations an inlined use recomputes

    def __init__(self, dtype, sizes):
        self.dtype = dtype
        self.sizes = [int(s) for s in sizes]

    def load(self, index):
        raise NotImplementedError


class Buffer(Value):
    """Memory: a graph input, a constant, a kernel's output, or an extern/fallback result."""

    kind = "buffer"

    def __init__(self, name, dtype, sizes, strides, table, origin=""):
        super().__init__(dtype, sizes)
        self.name = name
        self.strides = [int(s) for s in strides]
        self.table = table
        self.origin = origin

    def stride_syms(self):
        return [self.table.sym(s) if sz != 1 else "0" for s, sz in zip(self.strides, self.sizes)]

    def load(self, index):
        if Loads.active is not None:
            Loads.active.items.append((self.name, tuple(str(i) for i in index)))
        return f"{self.name}[{offset(index, self.stride_syms())}]"


class Lambda(Value):
    """An unrealized computation: a pointwise expression or a view of another value."""

    kind = "pointwise"

    def __init__(self, dtype, sizes, fn, ops, origin=""):
        super().__init__(dtype, sizes)
        self.fn = fn
        self.ops = ops
        self.origin = origin
        self.users = 0

    def load(self, index):
        return self.fn(list(index))


class ComputedNode:
    """A realized computation the scheduler places in a kernel: pointwise or reduction.

    outer: sizes of the iteration dims shared with a fused group; inner: the node's own loop
    (pointwise: its trailing dims; reduction: the reduced dims)."""

    def __init__(self, name, buffer, origin_nodes):
        self.name = name
        self.buffer = buffer
        self.origins = origin_nodes


class PointwiseNode(ComputedNode):
    kind = "pointwise"

    def __init__(self, name, buffer, value, origin_nodes):
        super().__init__(name, buffer, origin_nodes)
        self.value = value
        self.ranges = list(buffer.sizes)

    def body(self):
        index = [f"i{d}" for d in range(len(self.ranges))]
        with Loads() as loads:
            expr = self.value.load(index)
        return expr, loads.items

    def outer_map(self, k):
        """Output dim -> outer loop position when fused in a group with k outer dims."""
        return [d if d < k else None for d in range(len(self.ranges))]


class ReductionNode(ComputedNode):
    """reduce(kind) of source over `dims`; the output keeps the other dims (and `dims` as size 1
    when keepdim). kinds: sum prod max min mean argmax argmin var any all."""

    kind = "reduction"

    def __init__(self, name, buffer, source, dims, reduction, origin_nodes, correction=0):
        super().__init__(name, buffer, origin_nodes)
        self.source = source
        self.dims = sorted(dims)
        self.reduction = reduction
        self.correction = correction
        self.outer_dims = [d for d in range(len(source.sizes)) if d not in self.dims]
        self.outer = [source.sizes[d] for d in self.outer_dims]
        self.inner = [source.sizes[d] for d in self.dims]
        self.keepdim = len(buffer.sizes) == len(source.sizes) and len(source.sizes) > 0

    def source_index(self):
        index, o, r = [], 0, 0
        for d in range(len(self.source.sizes)):
            if d in self.dims:
                index.append(f"r{r}")
                r += 1
            else:
                index.append(f"i{o}")
                o += 1
        return index

    def body(self):
        with Loads() as loads:
            expr = self.source.load(self.source_index())
        return expr, loads.items

    def store_index(self):
        if self.keepdim:
            index, o = [], 0
            for d in range(len(self.source.sizes)):
                if d in self.dims:
                    index.append("0")
                else:
                    index.append(f"i{o}")
                    o += 1
            return index
        return [f"i{o}" for o in range(len(self.outer))]

    def outer_map(self, k):
        if self.keepdim:
            out, o = [], 0
            for d in range(len(self.source.sizes)):
                if d in self.dims:
                    out.append(None)
                else:
                    out.append(o)
                    o += 1
            return out
        return list(range(len(self.outer)))


class TorchStep:
    """A node run through torch between kernels: an extern call (mm, addmm, bmm, convolution)
    or a fallback (an op without a lowering)."""

    def __init__(self, kind, node, target, args, kwargs, outputs, reason=""):
        self.kind = kind  # "extern" | "fallback"
        self.node = node
        self.target = target
        self.args = args
        self.kwargs = kwargs
        self.outputs = outputs  # buffer names it produces
        self.reason = reason


def is_multi(meta):
    """node.meta['tensor_meta'] of a node returning several tensors (a TensorMetadata is itself
    a NamedTuple, so a plain tuple check would not tell them apart)."""
    return isinstance(meta, (tuple, list)) and not hasattr(meta, "dtype")
