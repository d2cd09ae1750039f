# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_func_jump_on_tensor_condition: a branch on
# a tensor inside an inlined function breaks the graph; both branches give eager's results (3, 1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f1(v):
    if v == 0:
        return v + 1
    return v + 2


def f2(v):
    return f1(v)


torch._dynamo.reset()
opt = torch.compile(f2, backend=CompileCounter())
assert torch.equal(opt(torch.tensor([1.0])), torch.tensor([3.0]))
assert torch.equal(opt(torch.tensor([0.0])), torch.tensor([1.0]))
