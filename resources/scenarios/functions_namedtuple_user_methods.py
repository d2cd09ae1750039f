# PyTorch test/dynamo/test_functions.py FunctionTests.test_namedtuple_user_methods (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

from typing import NamedTuple


class MyNamedTuple(NamedTuple):
    first: torch.Tensor
    second: torch.Tensor

    def add(self) -> torch.Tensor:
        return self.first + self.second

    @staticmethod
    def static_method() -> int:
        return 1

    @classmethod
    def class_method(cls) -> str:
        return cls.__name__


def fn(a, b):
    mytuple = MyNamedTuple(a, b)
    return mytuple.add(), mytuple.static_method(), mytuple.class_method()


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
