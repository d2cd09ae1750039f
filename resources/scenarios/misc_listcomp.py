# PyTorch test/dynamo/test_misc.py MiscTests.test_listcomp: a list comprehension over dict items
# into torch.cat and sum: one graph, 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn2(inputs):
    return torch.sum(torch.cat([v + 1 for k, v in inputs.items()], 0))


torch._dynamo.reset()
cnts = CompileCounter()
assert torch._dynamo.optimize(cnts)(fn2)({"a": torch.Tensor([100]), "b": torch.Tensor([200])}) == 302
assert (cnts.frame_count, cnts.op_count) == (1, 4), (cnts.frame_count, cnts.op_count)
