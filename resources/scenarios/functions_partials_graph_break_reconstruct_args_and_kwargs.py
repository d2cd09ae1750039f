# PyTorch test/dynamo/test_functions.py test_partials_graph_break_reconstruct_args_and_kwargs
# (FunctionTests):
# partials with positional and keyword arguments bound (partial(f, x, 4, z=x) and
# partial(f, 4, z=x)) called in the same frame; one graph of mul, mul, mul, torch.mul (4 call
# nodes), and the result equals eager's.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs


def udf_mul2(x, y, z):
    return x * y * z


def fn(udf_mul_0, x):
    lambda0 = functools.partial(udf_mul_0, x, 4, z=x)
    lambda1 = functools.partial(udf_mul_0, 4, z=x)
    return torch.mul(lambda0(), lambda1(5))


backend = EagerAndRecordGraphs()
cnts = CompileCounterWithBackend(backend)
x = torch.randn(2, 2)
dynamo_result = torch._dynamo.optimize(cnts)(fn)(udf_mul2, x)
eager_result = fn(udf_mul2, x)
assert torch.allclose(eager_result, dynamo_result)
assert cnts.frame_count == 1, cnts.frame_count
calls = [n for n in backend.graphs[0].graph.nodes if n.op in ("call_function", "call_method")]
assert len(calls) == 4, [n.target for n in calls]
