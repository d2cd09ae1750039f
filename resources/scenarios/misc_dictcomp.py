# PyTorch test/dynamo/test_misc.py MiscTests.test_dictcomp: a dict comprehension over a tensor
# dict: one graph, 2 adds.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn1(inputs):
    return {k: v + 1 for k, v in inputs.items()}


torch._dynamo.reset()
v1, v2 = torch.Tensor([100]), torch.Tensor([200])
cnts = CompileCounter()
opt = torch._dynamo.optimize(cnts)(fn1)
assert opt({"a": v1, "b": v2})["a"] == 101
assert opt({"a": v1, "b": v2})["b"] == 201
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
