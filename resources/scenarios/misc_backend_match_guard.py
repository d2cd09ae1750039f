# PyTorch test/dynamo/test_misc.py MiscTests.test_backend_match_guard: the same function compiled
# three times per backend without a reset: no recompile while the backend stays the same, one
# more compile when it changes (frame_count 1 per backend; 2 per backend for a function with a
# graph break), results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs


def foo(x):
    return x.sin() + x.cos()


def foo_graph_break(x):
    a = x.sin()
    torch._dynamo.graph_break()
    b = x.cos()
    return a + b


def check(fn, exp_frame_count):
    x = torch.randn([3, 4])
    eager_result = fn(x)
    for backend in [EagerAndRecordGraphs(), "eager"]:
        cnt = CompileCounterWithBackend(backend)
        for _ in range(3):
            assert torch.allclose(torch.compile(fn, backend=cnt)(x), eager_result)
            assert cnt.frame_count == exp_frame_count, (cnt.frame_count, exp_frame_count)


torch._dynamo.reset()
check(foo, 1)
torch._dynamo.reset()
check(foo_graph_break, 2)
