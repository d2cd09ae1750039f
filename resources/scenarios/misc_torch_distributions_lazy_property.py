# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_distributions_lazy_property:
# torch.distributions.Categorical(probs=x).entropy() (entropy reads lazy properties): equals eager.
import torch
import torch._dynamo


def fn(x):
    return torch.distributions.Categorical(probs=x).entropy()


torch._dynamo.reset()
x = torch.rand([4, 4])
assert torch.allclose(torch.compile(fn, backend="eager")(x), fn(x))
