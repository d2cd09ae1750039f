# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_new_function_inlining1: a class whose
# __new__ returns super().__new__(cls), made inside the compiled function; __new__, __init__ and a
# method are inlined (fullgraph=True) and the result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Mock:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        self.c = 5

    def run(self, x):
        return x * self.c


def fn(x):
    mock = Mock()
    return mock.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
