# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_new_function_inlining3: Bar.__new__
# returns object.__new__(Foo) with an attribute set on it, so type.__call__ does not run
# Bar.__init__ (the instance is no Bar); the method then read is Foo's. fullgraph=True, result
# equals eager (sin(x) * 7).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Foo:
    def __new__(cls):
        instance = object.__new__(cls)
        instance.a = 3
        return instance

    def __init__(self):
        self.a = 5

    def run(self, x):
        return torch.sin(x) * self.a


class Bar:
    def __new__(cls):
        instance = object.__new__(Foo)  # not an instance of Bar: Bar.__init__ is skipped
        instance.a = 7
        return instance

    def __init__(self):
        self.a = 11

    def run(self, x):
        return torch.sin(x) * self.a


def fn(x):
    bar = Bar()
    return bar.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert same(opt_fn(x), torch.sin(x) * 7)
assert cnts.frame_count == 1, cnts.frame_count
