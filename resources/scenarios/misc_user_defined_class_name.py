# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_class_name: an instance made in the
# trace, its __class__.__name__ compared with a string; standard_test (fullgraph, one graph,
# results equal eager ones on two sets of 10x10 inputs, each called twice).
import unittest

import torch
import torch._dynamo.testing


class MyClassFoo:
    pass


def fn1(a, b, c):
    tmp = MyClassFoo()
    if tmp.__class__.__name__ == "MyClassFoo":
        return a - b / c


torch._dynamo.testing.standard_test(unittest.TestCase(), fn=fn1, nargs=3)
