# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_as_input_partials_lambda and
# test/dynamo/test_functions.py FunctionTests.test_partials_as_input_partials_mod and
# test/dynamo/test_functions.py FunctionTests.test_partials_as_input_UDF: functools.partial
# objects passed as arguments (over a lambda, a module instance, a plain function; keyword
# arguments bound) are called inside the compiled function under nopython: one frame each, and
# the results equal eager's.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class SmallNN(torch.nn.Module):
    def forward(self, x, y):
        combined = torch.cat((x, y), dim=1)
        out = torch.nn.ReLU()(combined)
        out = torch.nn.ReLU()(out)
        return out


def udf_mul(x, y):
    return x * y


def fn(f0, f1, x):
    return f0(x) * f1(x)


multiply = lambda x, y: x * y  # noqa: E731
cases = [
    (functools.partial(multiply, y=3), functools.partial(multiply, y=2)),
    (functools.partial(SmallNN(), y=torch.randn(2, 2)),
     functools.partial(SmallNN(), y=torch.randn(2, 2))),
    (functools.partial(udf_mul, y=torch.randn(2, 2)),
     functools.partial(udf_mul, y=torch.randn(2, 2))),
]
for lambda0, lambda1 in cases:
    torch._dynamo.reset()
    cnts = CompileCounter()
    x = torch.randn(2, 2)
    dynamo_result = torch._dynamo.optimize(cnts, nopython=True)(fn)(lambda0, lambda1, x)
    assert cnts.frame_count == 1, cnts.frame_count
    assert torch.allclose(fn(lambda0, lambda1, x), dynamo_result)
