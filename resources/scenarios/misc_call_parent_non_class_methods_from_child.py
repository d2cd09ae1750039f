# PyTorch test/dynamo/test_misc.py MiscTests.test_call_parent_non_class_methods_from_child: super()
# to a classmethod, unbound A.add(self, x), B.mul through super(), super(B, self) and a class
# attribute read via super(): 1 graph (fullgraph); changing A.a recompiles (2), results as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class A:
    a = 4

    def add(self, x):
        return x + 10

    def mul(self, x):
        return x * 0.1


class B(A):
    coeff = 4

    def add(self, x):
        return x + 20

    @classmethod
    def cube(cls, x):
        return cls.coeff * x * x * x

    def mul(self, x):
        return super().mul(x) * x * 0.2


class C(B):
    def add(self, x):
        b = super().cube(x)
        c = A.add(self, x)
        d = B.mul(self, x)
        e = super(B, self).add(x)
        f = super().a * x
        return b + c + d + e + f


torch._dynamo.reset()
x = torch.rand(4)
fn = C().add
cnts = CompileCounter()
opt = torch.compile(fn, backend=cnts, fullgraph=True)
assert same(fn(x), opt(x))
assert cnts.frame_count == 1, cnts.frame_count
A.a = 5
assert same(fn(x), opt(x))
assert same(fn(x), opt(x))
assert cnts.frame_count == 2, cnts.frame_count
