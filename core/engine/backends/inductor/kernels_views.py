"""Lowering of view ops (view/reshape, expand, permute, transpose, squeeze/unsqueeze, slice,
select) to index arithmetic over the viewed value: no copy is made."""

import torch

from _dynascope_shim import kernels_ir as ir

aten = torch.ops.aten


def _non_unit(sizes):
    return [s for s in sizes if s != 1]


def _unit_map(index, old, new):
    """Old index from new index when the two shapes differ only by size-1 dims."""
    it = iter(i for i, s in zip(index, new) if s != 1)
    return ["0" if s == 1 else next(it) for s in old]


def reshape_index(index, old, new, table):
    if _non_unit(old) == _non_unit(new):
        return _unit_map(index, old, new)
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    mid_new, mid_idx = new[p:len(new) - s], index[p:len(new) - s]
    mid_old = old[p:len(old) - s]
    terms, acc = [], []
    for i, size in reversed(list(zip(mid_idx, mid_new))):
        if size != 1:
            terms.append(ir.imul(i, ir.iprod(table.syms(acc))))
            acc.append(size)
    flat = ir.paren(ir.iadd(*terms))
    out, acc = [], []
    for j in range(len(mid_old) - 1, -1, -1):
        size = mid_old[j]
        if size == 1:
            out.append("0")
            continue
        e = flat
        if acc:
            e = f"({e} / {ir.paren(ir.iprod(table.syms(acc)))})"
        if any(x != 1 for x in mid_old[:j]):
            e = f"({e} % {table.sym(size)})"
        out.append(e)
        acc.append(size)
    return index[:p] + list(reversed(out)) + index[len(new) - s:]


def lower(L, node):
    src = L.arg(node.args[0])
    if not isinstance(src, ir.Value):
        return None
    meta = node.meta.get("tensor_meta")
    new = [int(s) for s in meta.shape]
    old = list(src.sizes)
    target = node.target
    args = list(node.args)
    table = L.g.table
    if target in (aten.alias.default, aten.detach.default) or (old == new and target in (
            aten.view.default, aten._unsafe_view.default, aten.reshape.default,
            aten._reshape_alias.default, aten.expand.default)):
        fn = lambda idx: src.load(idx)
    elif target in (aten.view.default, aten._unsafe_view.default, aten.reshape.default,
                    aten._reshape_alias.default):
        fn = lambda idx: src.load(reshape_index(list(idx), old, new, table))
    elif target == aten.expand.default:
        q, r = len(old), len(new)
        fn = lambda idx: src.load(["0" if old[j] == 1 else idx[r - q + j] for j in range(q)])
    elif target in (aten.permute.default, aten.t.default, aten.transpose.int):
        rank = len(old)
        if target == aten.permute.default:
            dims = [d % rank for d in args[1]]
        else:
            dims = list(range(rank))
            if rank >= 2:
                a, b = (0, 1) if target == aten.t.default else (args[1] % rank, args[2] % rank)
                dims[a], dims[b] = dims[b], dims[a]

        def fn(idx, dims=dims):
            old_idx = [None] * len(dims)
            for p, d in enumerate(dims):
                old_idx[d] = idx[p]
            return src.load(old_idx)
    elif target in (aten.unsqueeze.default, aten.squeeze.dim, aten.squeeze.default):
        fn = lambda idx: src.load(_unit_map(list(idx), old, new))
    elif target == aten.slice.Tensor:
        dim = (args[1] if len(args) > 1 else 0) % max(len(old), 1)
        start = args[2] if len(args) > 2 and args[2] is not None else 0
        step = args[4] if len(args) > 4 else 1
        size = old[dim]
        if start < 0:
            start += size
        start = min(max(start, 0), size)

        def fn(idx, dim=dim, start=start, step=step):
            idx = list(idx)
            idx[dim] = ir.iadd(str(start), ir.imul(str(step), idx[dim]))
            return src.load(idx)
    elif target == aten.select.int:
        dim = args[1] % len(old)
        index = args[2] + old[dim] if args[2] < 0 else args[2]

        def fn(idx, dim=dim, index=index):
            idx = list(idx)
            return src.load(idx[:dim] + [str(index)] + idx[dim:])
    else:
        return None
    value = ir.Lambda(src.dtype, new, fn, src.ops, node.name)
    chain = getattr(src, "view_chain", None)
    if isinstance(src, ir.Buffer):
        value.view_chain = (src, [node])
    elif chain:
        value.view_chain = (chain[0], chain[1] + [node])
    return value
