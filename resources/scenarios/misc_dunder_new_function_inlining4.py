# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_new_function_inlining4: __new__(cls,
# *args) returning object.__new__(cls), then __init__ and a method, all inlined under
# fullgraph=True; the result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Mock(object):
    def __new__(cls, *args):
        return object.__new__(cls)

    def __init__(self):
        self.a = 5

    def run(self, x):
        return torch.sin(x) * self.a


def fn(x):
    mock = Mock()
    return mock.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
