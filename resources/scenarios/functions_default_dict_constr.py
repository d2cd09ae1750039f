# PyTorch test/dynamo/test_functions.py FunctionTests.test_default_dict_constr: a defaultdict
# made in the trace (factory a lambda), stores keyed by strings and a Parameter, and update()
# from a dict, a list of pairs and a zip; under optimize_assert the returned value and entries
# equal eager's.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import same

param = torch.nn.Parameter(torch.ones([2, 2]))


def fn(x):
    dd = collections.defaultdict(lambda: dict())  # noqa: C408
    dd["a"] = x + 1
    dd[param] = 123
    dd["c"] = x * 2
    dd.update({"b": x * 3})
    dd.update([["d", x - 2], ("e", x + 2)])
    dd.update(zip("ab", [x + 3, x + 4]))
    return dd["b"], dd


x = torch.randn(10, 10)
ref = fn(x)
opt_fn = torch._dynamo.optimize_assert("eager")(fn)
res = opt_fn(x)
assert same(ref[0], res[0])
for key in ("a", "b", "c", "d", "e", param):
    assert same(ref[1][key], res[1][key]), key
