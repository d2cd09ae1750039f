# PyTorch test/dynamo/test_misc.py MiscTestsDevice.test_scalar_isin_decomposition and
# test_randint_no_graphbreak: torch.isin of a 0-d tensor with itself (backend="inductor",
# fullgraph=True) equals eager's; torch.randint_like(actions, n_act) with n_act a 0-d tensor
# argument compiles under fullgraph=True and gives values in [0, 5).
import torch
import torch._dynamo


def isin():
    x = torch.tensor(0)
    return torch.isin(x, x)


def randint(actions, n_act, epsilon=0.1):
    return torch.randint_like(actions, n_act)


torch._dynamo.reset()
assert torch.equal(torch.compile(isin, backend="inductor", fullgraph=True)(), isin())
out = torch.compile(randint, backend="eager", fullgraph=True)(torch.ones([1], dtype=torch.int64), torch.tensor(5))
assert out.dtype == torch.int64 and out.shape == (1,) and 0 <= int(out) < 5
