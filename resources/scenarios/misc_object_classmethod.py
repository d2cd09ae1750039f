# PyTorch test/dynamo/test_misc.py MiscTests.test_object_classmethod: a class method called
# through an instance made in the trace (bound to the class); fullgraph=True, the result equals
# x + x.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class C:
    @classmethod
    def fn(cls, x):
        return x + x


cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def f():
    return C().fn(torch.ones(2, 3))


torch._dynamo.reset()
assert torch.allclose(f(), torch.tensor([2.0]))
assert cnts.frame_count == 1, cnts.frame_count
