# Scenario: metadata of a graph tensor is a constant, not a node: torch.numel, torch.is_floating_point,
# x.dim(), x.dtype.is_floating_point and x.element_size() fold (test_misc.py test_numel,
# test_is_floating_point; test_functions.py test_is_floating_point). Nodes: the two muls only.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x * 2
    scale = torch.numel(y) + y.dim() + y.element_size()
    if torch.is_floating_point(y) and y.dtype.is_floating_point:
        return y * scale
    return y


torch._dynamo.reset()
x = torch.randn(2, 3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
assert torch.equal(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
