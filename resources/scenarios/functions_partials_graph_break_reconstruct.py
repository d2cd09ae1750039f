# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_graph_break_reconstruct and
# test/dynamo/test_functions.py FunctionTests.test_partials_graph_break_reconstruct_mix and
# test/dynamo/test_functions.py FunctionTests.test_partials_graph_break_reconstruct_mix_no_source:
# partials made in the trace (over a function argument with y=x bound, over a lambda made in
# the frame with x bound) live across a print() graph break and are called after it. The test
# checks the graph Dynamo records after the break (mul, mul/add, torch.mul: 3 call nodes, the
# partials' bound tensor as its input); here the results equal eager's and the last graph holds
# those 3 calls.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs


def udf_mul(x, y):
    return x * y


def udf_add(x, y):
    return x + y


def fn(udf_mul_0, udf_mul_1, x):
    lambda0 = functools.partial(udf_mul_0, y=x)
    lambda1 = functools.partial(udf_mul_1, y=x)
    print("break")
    return torch.mul(lambda0(x), lambda1(x))


def fn_mix(udf_mul_0, udf_add_1, x):
    lambda0 = functools.partial(udf_mul_0, y=x)
    lambda1 = functools.partial(udf_add_1, x)
    print("break")
    return torch.mul(lambda0(x), lambda1(x))


def fn_no_source(udf_mul_0, x):
    udf_add_1 = lambda x, y: x + y  # noqa: E731
    lambda0 = functools.partial(udf_mul_0, y=x)
    lambda1 = functools.partial(udf_add_1, x)
    print("break")
    return torch.mul(lambda0(x), lambda1(x))


for f, args in ((fn, (udf_mul, udf_mul)), (fn_mix, (udf_mul, udf_add)),
                (fn_no_source, (udf_mul,))):
    torch._dynamo.reset()
    backend = EagerAndRecordGraphs()
    cnts = CompileCounterWithBackend(backend)
    x = torch.randn(2, 2)
    dynamo_result = torch._dynamo.optimize(cnts)(f)(*args, x)
    eager_result = f(*args, x)
    assert torch.allclose(eager_result, dynamo_result), f.__name__
    last = backend.graphs[-1]
    calls = [n for n in last.graph.nodes if n.op in ("call_function", "call_method")]
    assert len(calls) == 3, (f.__name__, [n.target for n in calls])
