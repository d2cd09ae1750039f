# PyTorch test/dynamo/test_functions.py FunctionTests.test_default_dict_dict and
# test/dynamo/test_functions.py FunctionTests.test_default_dict_list and
# test/dynamo/test_functions.py FunctionTests.test_default_dict_tuple and
# test/dynamo/test_functions.py FunctionTests.test_default_dict_lambda and
# test/dynamo/test_functions.py FunctionTests.test_default_dict_closure (Dynamo's
# _test_default_dict_helper): a global defaultdict with factory dict, list, tuple, a lambda or a
# nested function gets three stores (one keyed by a Parameter) and a read of a missing key (the
# factory's value) under optimize_assert; the returned value and entries equal eager's. (The
# test's factory set is another helper's topic: sets.)
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import same


def closure_factory():
    return dict()  # noqa: C408


for factory in (dict, list, tuple, lambda: dict(), closure_factory):  # noqa: C408
    torch._dynamo.reset()
    dd = collections.defaultdict(factory)
    param = torch.nn.Parameter(torch.ones([2, 2]))

    def fn(x):
        dd["a"] = x + 1
        dd[param] = 123
        dd["c"] = x * 2
        return dd["b"], dd

    x = torch.randn(10, 10)
    ref = fn(x)
    opt_fn = torch._dynamo.optimize_assert("eager")(fn)
    res = opt_fn(x)
    assert same(ref[0], res[0]), factory
    assert same(ref[1]["a"], res[1]["a"])
    assert same(ref[1]["c"], res[1]["c"])
    assert same(ref[1][param], res[1][param])
