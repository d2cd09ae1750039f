# PyTorch test/dynamo/test_ctx_manager.py CtxManagerTests.test_no_grad (test_misc.py in older
# versions, which expected 5 ops for the redundant blocks; we follow 2.4+, "coalesced noop"):
# grad-mode blocks that change the mode are two graph nodes (enter and exit), redundant ones
# none. Under no_grad: no_grad / set_grad_enabled(False) blocks are 3 ops, enable_grad /
# set_grad_enabled(True) blocks 5; under enable_grad the other way round (standard_test each).
import unittest

import torch
import torch._dynamo.testing


def fn1(a, b):
    x = a + 1
    with torch.no_grad():  # redundant under no_grad: no nodes
        x = x + b
    x = x + 2
    return x


def fn2(a, b):
    x = a + 1
    with torch.set_grad_enabled(False):
        x = x + b
    x = x + 2
    return x


def fn3(a, b):
    x = a + 1
    with torch.enable_grad():
        x = x + b
    x = x + 2
    return x


def fn4(a, b):
    x = a + 1
    with torch.set_grad_enabled(True):
        if torch.is_grad_enabled():
            x = x + b
    x = x + 2
    return x


case = unittest.TestCase()
with torch.no_grad():
    for fn, ops in ((fn1, 3), (fn2, 3), (fn3, 5), (fn4, 5)):
        torch._dynamo.testing.standard_test(case, fn=fn, nargs=2, expected_ops=ops)
with torch.enable_grad():
    for fn, ops in ((fn1, 5), (fn2, 5), (fn3, 3), (fn4, 3)):
        torch._dynamo.testing.standard_test(case, fn=fn, nargs=2, expected_ops=ops)
