# Scenario: hasattr() on an object argument is guarded. Dynamo installs a HASATTR guard on
# `L['obj']`, so after `obj.z = True` the cached graph no longer matches and the function
# recompiles; a stale graph would silently return x - 1. Each graph: one op. frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Holder:
    pass


def fn(x, obj):
    if hasattr(obj, "z"):
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.randn(4)
obj = Holder()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x, obj), fn(x, obj))
obj.z = True
assert torch.equal(opt(x, obj), x + 1), "stale graph after obj.z = True"
assert torch.equal(opt(x, obj), fn(x, obj))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
