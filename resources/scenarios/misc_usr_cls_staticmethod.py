# PyTorch test/dynamo/test_misc.py MiscTests.test_usr_cls_staticmethod: Cls.static(a, b) on a user
# class is inlined: 1 graph (standard_test).
import unittest

import torch
import torch._dynamo.testing


class Foo:
    @staticmethod
    def bar(a, b):
        return a + b


def fn(a, b):
    return Foo.bar(a, b) - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
