# PyTorch test/dynamo/test_misc.py MiscTests.test_dataclass_local_hasattr: a dataclass made inside
# the compiled function from a closed-over tensor, hasattr on it (true for a field, false for a
# name it lacks), then returned: rebuilt after the graph as a MyDataClass with both fields.
# fullgraph=True, one graph, 2 ops.
import dataclasses

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

cnt = CompileCounter()
x = torch.randn(10)


@dataclasses.dataclass
class MyDataClass:
    a: torch.Tensor
    b: torch.Tensor


@torch.compile(backend=cnt, fullgraph=True)
def fn():
    obj = MyDataClass(x + 1, x - 1)
    if not hasattr(obj, "a"):
        return -1
    if hasattr(obj, "z"):
        return -2
    return obj


torch._dynamo.reset()
result = fn()
assert isinstance(result, MyDataClass)
assert same(result.a, x + 1)
assert same(result.b, x - 1)
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
