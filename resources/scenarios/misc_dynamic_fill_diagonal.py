# PyTorch test/dynamo/test_misc.py MiscTestsDevice.test_dynamic_fill_diagonal_: x.fill_diagonal_(True)
# on a (4, 4) input under dynamic=True writes the input's diagonal, as eager.
import torch
import torch._dynamo


def f(x):
    x.fill_diagonal_(True)


torch._dynamo.reset()
x = torch.zeros(4, 4)
torch.compile(f, dynamic=True, backend="eager")(x)
assert torch.equal(x, torch.eye(4))
