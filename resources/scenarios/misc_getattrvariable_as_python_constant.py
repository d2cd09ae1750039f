# PyTorch test/dynamo/test_misc.py MiscTests.test_getattrvariable_as_python_constant:
# random.Random().setstate(rand1.getstate()) and rand1.random() where rand1.random was replaced on
# the instance by a lambda calling the original bound method: the result equals eager's (same
# seed). (PyTorch also counts calls of GetAttrVariable.as_python_constant, an internal.)
import random

import torch
import torch._dynamo


def fn(x, rand1):
    random.Random().setstate(rand1.getstate())
    return x + rand1.random()


def get_rng():
    rand1 = random.Random(1)
    orig_random = rand1.random
    rand1.random = lambda: orig_random()
    return rand1


torch._dynamo.reset()
x = torch.randn(3, 3)
expected = fn(x, get_rng())
assert torch.allclose(torch.compile(fn, backend="eager")(x, get_rng()), expected)
