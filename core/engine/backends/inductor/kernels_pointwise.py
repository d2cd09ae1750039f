"""Lowering of pointwise aten ops (arithmetic, comparisons, casts, where, clamp, constants) to
unrealized ir.Lambda values over broadcast indices."""

import math

import torch

from _dynascope_shim import kernels_ir as ir
from _dynascope_shim import kernels_ops as ops

aten = torch.ops.aten
prims = torch.ops.prims

CASTS = {aten._to_copy.default, prims.convert_element_type.default, aten.to.dtype}
CONSTANTS = {aten.scalar_tensor.default, aten.full.default, aten.zeros.default, aten.ones.default,
             aten.full_like.default, aten.zeros_like.default, aten.ones_like.default,
             aten.new_zeros.default, aten.new_ones.default, aten.new_full.default}


NoLowering = ir.NoLowering
CLAMPS = {aten.clamp.default, aten.clamp.Tensor, aten.clamp_min.default, aten.clamp_min.Tensor,
          aten.clamp_max.default, aten.clamp_max.Tensor}


def _fits(value, dtype):
    """Whether eager fills a tensor of an integer dtype with this number (c10's overflows(): it
    raises on a float outside the type's range, NaN or an infinity, and on an integer outside
    it, except that an unsigned type takes -max..-1 as wrapping)."""
    if dtype == torch.bool or ir.is_float(dtype) or isinstance(value, bool):
        return True
    info = torch.iinfo(dtype)
    if isinstance(value, float):
        return math.isfinite(value) and info.min <= value <= info.max
    low = -info.max if info.min == 0 else info.min
    return low <= value <= info.max


def _clamp(node, target, args, kw, out_dtype, out_sizes):
    """clamp / clamp_min / clamp_max with eager's NaN rules (torch 1.13): a NaN in a tensor bound
    gives NaN there; a NaN scalar bound gives NaN everywhere for clamp_min, clamp_max and a clamp
    with both bounds, and is ignored by a clamp with that bound alone."""
    x = args[0]
    if target in (aten.clamp.default, aten.clamp.Tensor):
        lo = args[1] if len(args) > 1 else kw.get("min")
        hi = args[2] if len(args) > 2 else kw.get("max")
    elif target in (aten.clamp_min.default, aten.clamp_min.Tensor):
        lo, hi = args[1], None
    else:
        lo, hi = None, args[1]
    nan_scalar = [b for b in (lo, hi) if isinstance(b, float) and math.isnan(b)]
    if nan_scalar and ir.is_float(out_dtype):
        if target != aten.clamp.default or (lo is not None and hi is not None):
            text = ops.literal(float("nan"), ir.C_TYPES[out_dtype])
            return ir.Lambda(out_dtype, out_sizes, lambda idx: text, 0, node.name)
        lo, hi = (None if lo in nan_scalar else lo), (None if hi in nan_scalar else hi)
    propagate = ir.is_float(out_dtype)

    def clamp(idx):
        v = operand(x, idx, out_sizes, out_dtype)
        if lo is not None:
            lo_e = operand(lo, idx, out_sizes, out_dtype)
            v = (ops._maximum(v, lo_e) if propagate and isinstance(lo, ir.Value)
                 else f"({v} < {lo_e} ? {lo_e} : {v})")
        if hi is not None:
            hi_e = operand(hi, idx, out_sizes, out_dtype)
            v = (ops._minimum(v, hi_e) if propagate and isinstance(hi, ir.Value)
                 else f"({v} > {hi_e} ? {hi_e} : {v})")
        return v
    return ir.Lambda(out_dtype, out_sizes, clamp, 2 + _cost(args), node.name)


def cast(expr, src_dtype, dst_dtype):
    if src_dtype == dst_dtype:
        return expr
    if dst_dtype == torch.bool:
        return f"({expr} != 0)"
    if ir.is_float(src_dtype) and dst_dtype in (torch.int32, torch.int64, torch.uint8):
        # defined for every value, as eager's conversions are (kernels_ops.HELPERS); uint8 goes
        # through int64 as c10's static_cast_with_inter_type does (-300 -> 212)
        wide = f"dynascope_f2i{32 if dst_dtype == torch.int32 else 64}({expr})"
        return wide if dst_dtype != torch.uint8 else f"static_cast<uint8_t>({wide})"
    return f"static_cast<{ir.C_TYPES[dst_dtype]}>({expr})"


def broadcast_index(index, in_sizes, out_rank):
    offset = out_rank - len(in_sizes)
    return ["0" if size == 1 else index[offset + j] for j, size in enumerate(in_sizes)]


def _scalar_dtype(value):
    if isinstance(value, bool):
        return torch.bool
    if isinstance(value, int):
        return torch.int64
    return torch.float64


def _promote(operands):
    dummies = []
    for v in operands:
        if isinstance(v, ir.Value):
            dummies.append(torch.empty((0,) * min(len(v.sizes), 1), dtype=v.dtype))
        else:
            dummies.append(v)
    out = dummies[0]
    if len(dummies) == 1:
        return out.dtype if isinstance(out, torch.Tensor) else _scalar_dtype(out)
    dtype = torch.result_type(dummies[0], dummies[1])
    for d in dummies[2:]:
        dtype = torch.result_type(torch.empty((0,), dtype=dtype), d)
    return dtype


def operand(v, index, out_sizes, compute):
    if isinstance(v, ir.Value):
        return cast(v.load(broadcast_index(index, v.sizes, len(out_sizes))), v.dtype, compute)
    if v is None:
        raise NoLowering("None operand")
    return ops.literal(v, ir.C_TYPES[compute])


def _cost(operands):
    return sum(v.ops for v in operands if isinstance(v, ir.Value))


def lower(L, node):
    meta = node.meta.get("tensor_meta")
    if meta is None or ir.is_multi(meta):
        return None
    out_dtype, out_sizes = meta.dtype, [int(s) for s in meta.shape]
    target = node.target
    args = [L.arg(a) for a in node.args]
    kw = dict(node.kwargs)
    if target in ops.SCALAR_ALIASES:
        if target in (aten.rsub.Scalar, aten.rsub.Tensor):
            args = [args[1], args[0]] + args[2:]
        target = ops.SCALAR_ALIASES[target]
    if target in (aten.clone.default, aten.lift_fresh_copy.default, aten.contiguous.default,
                  aten.alias.default, aten.detach.default, aten.positive.default):
        src = args[0]
        return ir.Lambda(src.dtype, src.sizes, src.load, src.ops, node.name)
    if target in CASTS:
        src = args[0]
        if kw.get("device") not in (None, torch.device("cpu")) or kw.get("memory_format"):
            raise NoLowering("device or memory format change")
        return ir.Lambda(out_dtype, out_sizes, lambda idx: cast(src.load(idx), src.dtype, out_dtype),
                         src.ops, node.name)
    if target in CONSTANTS:
        value = {aten.zeros.default: 0, aten.ones.default: 1, aten.zeros_like.default: 0,
                 aten.ones_like.default: 1, aten.new_zeros.default: 0,
                 aten.new_ones.default: 1}.get(target)
        if value is None:
            value = args[0] if target == aten.scalar_tensor.default else args[-1] if target != aten.new_full.default else args[2]
        if isinstance(value, ir.Value):
            raise NoLowering("tensor fill value")
        if not _fits(value, out_dtype):  # eager raises: "cannot be converted ... without overflow"
            raise NoLowering(f"fill value {value!r} out of range of {out_dtype}")
        text = ops.literal(value, ir.C_TYPES[out_dtype])
        return ir.Lambda(out_dtype, out_sizes, lambda idx: text, 0, node.name)
    if target == aten.where.self:
        cond, a, b = args
        compute = _promote([a, b])
        def where(idx):
            c = operand(cond, idx, out_sizes, torch.bool)
            x = operand(a, idx, out_sizes, compute)
            y = operand(b, idx, out_sizes, compute)
            return cast(f"({c} ? {x} : {y})", compute, out_dtype)
        return ir.Lambda(out_dtype, out_sizes, where, 1 + _cost(args), node.name)
    if target in CLAMPS:
        return _clamp(node, target, args, kw, out_dtype, out_sizes)
    if target not in ops.POINTWISE:
        return None
    arity, cost, build = ops.POINTWISE[target]
    operands = args[:arity]
    if any(isinstance(v, (list, tuple, str)) or v is None for v in operands):
        raise NoLowering("unsupported operand")
    if kw.get("rounding_mode") is not None:
        raise NoLowering("div with rounding_mode")
    alpha = kw.get("alpha", args[2] if len(args) > 2 and target in (aten.add.Tensor, aten.sub.Tensor) else None)
    through = None
    if target in ops.COMPARISONS:
        compute = _promote(operands)
    elif target in ops.LOGICAL:
        compute = torch.bool
        # eager converts the operands to their common type first: logical_and(uint8 x,
        # tensor(2**40)) is False, 2**40 being 0 as uint8
        through = _promote(operands)
        if not ir.supported(through):
            raise NoLowering(f"compute dtype {through}")
    else:
        compute = out_dtype
    if not ir.supported(compute):
        raise NoLowering(f"compute dtype {compute}")
    ctype = ir.C_TYPES[compute]
    is_float = ir.is_float(compute)
    if (target in (aten.pow.Tensor_Scalar, aten.pow.Tensor_Tensor) and not is_float
            and not (isinstance(operands[1], int) and operands[1] in (2, 3))):
        # libm's pow works in double: 3 ** 39 came out as 4052555153018976256, eager's exact
        # integer power is 4052555153018976267
        raise NoLowering("integer pow")
    wrap = (ctype in ops.NARROW_INTEGERS and target not in ops.COMPARISONS
            and target not in ops.LOGICAL)

    def body(idx):
        if through is not None:
            exprs = [cast(operand(v, idx, out_sizes, through), through, compute) for v in operands]
        else:
            exprs = [operand(v, idx, out_sizes, compute) for v in operands]
        if alpha is not None and alpha != 1:
            exprs[1] = f"({ops.literal(alpha, ctype)} * {exprs[1]})"
        result_dtype = torch.bool if (target in ops.COMPARISONS or target in ops.LOGICAL) else compute
        expr = build(exprs, ctype, is_float)
        if wrap:  # back to the compute type, wrapping as eager does (uint8 0 - 1 is 255)
            expr = f"static_cast<{ctype}>({expr})"
        return cast(expr, result_dtype, out_dtype)

    return ir.Lambda(out_dtype, out_sizes, body, cost + _cost(operands), node.name)
