# PyTorch test/dynamo/test_functions.py FunctionTests.test_inline_jit_annotations (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


@torch.jit.script_if_tracing
def inline_script_if_tracing(x):
    return x + 1.2


@torch.jit.ignore
def inline_ignore(x):
    return x + 3.4


@torch.jit.unused
def inline_unused(x):
    return x + 5.6


def fn(x):
    x = inline_script_if_tracing(x)
    x = inline_ignore(x)
    x = inline_unused(x)
    return


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
