# PyTorch test/dynamo/test_misc.py MiscTests.test_not_dynamic_scope: a lambda returned from a nested
# function reads its own scope's x (2), not the caller's (1); equals eager.
import torch
import torch._dynamo


def f(y):
    x = 1

    def g():
        x = 2
        return lambda: x

    return y + g()()


assert torch.equal(torch.compile(f, backend="eager")(torch.zeros(1)), torch.full((1,), 2.0))
