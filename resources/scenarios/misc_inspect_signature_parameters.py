# PyTorch test/dynamo/test_misc.py MiscTests.test_inspect_signature_parameters,
# test_inspect_signature_caching and test_inspect_signature_caching_methods: the parameters of
# inspect.signature(g) (a default compared with Parameter.empty; len() of the parameters of
# functions and bound methods, ten times over) under fullgraph=True: results equal eager's (sin
# branch, 50, 40). (PyTorch also counts Dynamo's signature cache, an internal.)
import inspect

import torch
import torch._dynamo


def branch(x, gn):
    d = inspect.signature(gn).parameters
    if d["a"].default is inspect.Parameter.empty:
        return torch.sin(x + 1)
    return torch.cos(x + 1)


def gn(a: torch.Tensor, b: int) -> torch.Tensor:
    return a + b


def target_func(a, b, c=3):
    return a + b + c


def other_func(x, y):
    return x * y


def count_funcs():
    results = []
    for _ in range(10):
        results.append(len(inspect.signature(target_func).parameters))
        results.append(len(inspect.signature(other_func).parameters))
    return sum(results)


class Methods:
    def method_a(self, x, y, z):
        return x + y + z

    def method_b(self, a):
        return a * 2


obj = Methods()


def count_methods():
    results = []
    for _ in range(10):
        results.append(len(inspect.signature(obj.method_a).parameters))
        results.append(len(inspect.signature(obj.method_b).parameters))
    return sum(results)


torch._dynamo.reset()
x = torch.randn(2, 3)
assert torch.allclose(torch.compile(branch, backend="eager", fullgraph=True)(x, gn), branch(x, gn))
assert torch.compile(count_funcs, backend="eager", fullgraph=True)() == 50
assert torch.compile(count_methods, backend="eager", fullgraph=True)() == 40
