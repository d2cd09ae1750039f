# PyTorch test/dynamo/test_misc.py MiscTests.test_dynamo_min_operator_with_shape: min(size, int)
# under fullgraph=True returns the int 3.
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def f(x, a):
    return min(x.shape[0], a)


assert f(torch.ones(6), 3) == 3
