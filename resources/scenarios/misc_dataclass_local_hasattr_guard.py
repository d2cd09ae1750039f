# PyTorch test/dynamo/test_misc.py MiscTests.test_dataclass_fields ("guard failure": after
# `obj2.z = True` the compiled function must return -2), here for an object made in the trace:
# hasattr(obj, "z") is False when traced, and the class gaining a `z` afterwards must not reuse
# that trace (the class's identity guard does not cover its attributes): the result equals eager
# before and after, and the second call compiles again.
import dataclasses

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


@dataclasses.dataclass
class MyDataClass:
    a: torch.Tensor
    b: torch.Tensor


def fn(x):
    obj = MyDataClass(x + 1, x - 1)
    if hasattr(obj, "z"):
        return x * 0 - 2
    return obj.a + obj.b


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch.compile(fn, backend=cnt)
x = torch.randn(10)
assert same(opt_fn(x), fn(x))
MyDataClass.z = True
assert same(fn(x), x * 0 - 2)
assert same(opt_fn(x), fn(x))
assert cnt.frame_count == 2, cnt.frame_count
