# PyTorch test/dynamo/test_misc.py MiscTests.test_nn_functional_reduction: F._Reduction.get_enum of a
# string argument picks the branch at trace time (fullgraph=True); equals eager's mean.
import torch
import torch._dynamo
import torch.nn.functional as F


def fn(loss, reduction):
    code = F._Reduction.get_enum(reduction)
    if code == 0:
        return loss
    elif code == 1:
        return loss.mean()
    elif code == 2:
        return loss.sum()


x = torch.rand([3, 5])
assert torch.allclose(fn(x, "mean"), torch.compile(fn, backend="eager", fullgraph=True)(x, "mean"))
