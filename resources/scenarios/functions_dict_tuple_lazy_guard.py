# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_tuple_lazy_guard: fn reads only
# y[1]; changing another entry of the dict argument ({1: 1, 2: 3}) or other items of the tuple
# argument ((11, 2, 13)) must not recompile (error_on_recompile raises if it does).
import unittest.mock

import torch
import torch._dynamo


@torch.compile(backend="eager")
def fn(x, y):
    return torch.sin(x) * y[1]


x = torch.randn(3)
assert torch.allclose(fn(x, {1: 1, 2: 2}), torch.sin(x))
with unittest.mock.patch("torch._dynamo.config.error_on_recompile", True):
    assert torch.allclose(fn(x, {1: 1, 2: 3}), torch.sin(x))

assert torch.allclose(fn(x, (1, 2, 3)), torch.sin(x) * 2)
with unittest.mock.patch("torch._dynamo.config.error_on_recompile", True):
    assert torch.allclose(fn(x, (11, 2, 13)), torch.sin(x) * 2)
