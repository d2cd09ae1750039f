"""oneDNN for linear layers: an extern addmm(bias, x, W.t()) — what nn.Linear lowers to — runs as
torch._C._nn.mkldnn_linear with W packed for oneDNN once per plan (W.to_mkldnn()) and packed again
when W's _version changes (an optimizer updates it in place). Only float32, contiguous x and W,
and at least MIN_MULTIPLY_ADDS: below that the layout conversions cost more than they save
(figures in bench/README.md, "oneDNN for linear layers")."""

import torch

from _dynascope_shim import kernels_lower as lower

aten = torch.ops.aten
MIN_MULTIPLY_ADDS = 1 << 18


def _contiguous(buf):
    expected, stride = [], 1
    for size in reversed(buf.sizes):
        expected.append(stride)
        stride *= max(size, 1)
    return [s for s, n in zip(buf.strides, buf.sizes) if n != 1] == \
        [s for s, n in zip(reversed(expected), buf.sizes) if n != 1]


def linear_invoker(step, buffers):
    """env -> the addmm step's result through oneDNN, or None when the step is not a float32
    linear layer big enough to gain."""
    if step.target is not aten.addmm.default or step.kwargs or len(step.args) != 3:
        return None
    bias, x, w = step.args
    if not (isinstance(bias, lower.StepRef) and isinstance(x, lower.StepRef)
            and isinstance(w, lower.StepView) and len(w.calls) == 1
            and w.calls[0][0] in (aten.t.default, aten.t)):
        return None
    wb, xb, bb = buffers[w.name], buffers[x.name], buffers[bias.name]
    if (any(b.dtype != torch.float32 for b in (wb, xb, bb)) or len(wb.sizes) != 2
            or len(xb.sizes) != 2 or len(bb.sizes) != 1 or not _contiguous(wb)
            or not _contiguous(xb)):
        return None
    (out_features, in_features), rows = wb.sizes, xb.sizes[0]
    if rows * out_features * in_features < MIN_MULTIPLY_ADDS:
        return None
    linear = torch._C._nn.mkldnn_linear
    packed = [None, None, -1]  # the weight tensor, its oneDNN copy, the version packed
    w_name, x_name, b_name = w.name, x.name, bias.name

    def invoke(env):
        weight = env[w_name]
        if packed[0] is not weight or packed[2] != weight._version:
            packed[:] = [weight, weight.detach().to_mkldnn(), weight._version]
        return linear(env[x_name].to_mkldnn(), packed[1], env[b_name]).to_dense()

    return invoke
