# PyTorch test/dynamo/test_misc.py MiscTests.test_object_staticmethod: a static method called
# through an instance made in the trace (no self passed); fullgraph=True, the result equals x + x.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class C:
    @staticmethod
    def fn(x):
        return x + x


cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def f():
    return C().fn(torch.ones(2, 3))


torch._dynamo.reset()
assert torch.allclose(f(), torch.tensor([2.0]))
assert cnts.frame_count == 1, cnts.frame_count
