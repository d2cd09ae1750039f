# PyTorch test/dynamo/test_functions.py FunctionTests.test_namedtuple_hasattr (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

from typing import NamedTuple


class MyNamedTuple(NamedTuple):
    first: torch.Tensor
    second: torch.Tensor

    def add(self) -> torch.Tensor:
        return self.first + self.second


def fn(a, b):
    mytuple = MyNamedTuple(a, b)

    def isinstance_namedtuple(obj) -> bool:
        return isinstance(obj, tuple) and hasattr(obj, "_asdict") and hasattr(obj, "_fields")

    if isinstance_namedtuple(mytuple):
        return a + b
    else:
        return a - b


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
