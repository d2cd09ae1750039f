# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_udf_kwarg_module and
# test/dynamo/test_functions.py FunctionTests.test_partials_udf_kwarg_method (make_test each): a
# partial binding a module made in the trace (or its bound forward method) by keyword, called
# with keyword arguments; under optimize_assert (fullgraph=True) each function compiles to one
# graph and its results equal eager ones on two sets of 10x10 inputs, each called twice (Dynamo's
# standard_test).
import unittest

import torch
import torch._dynamo.testing

import functools


class SmallNN(torch.nn.Module):
    def forward(self, x, y):
        combined = torch.cat((x, y), dim=1)
        out = torch.nn.ReLU()(combined)
        out = torch.nn.ReLU()(out)
        return out


def udf_module(mod, x, y):
    return mod(x, y)


def fn_module(x, y):
    par_mod = functools.partial(udf_module, mod=SmallNN())
    return par_mod(x=x, y=y)


def fn_method(x, y):
    par_mod = functools.partial(udf_module, mod=SmallNN().forward)
    return par_mod(x=x, y=y)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn_module, nargs=2)
torch._dynamo.testing.standard_test(unittest.TestCase(), fn_method, nargs=2)
