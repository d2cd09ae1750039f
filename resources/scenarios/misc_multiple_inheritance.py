# PyTorch test/dynamo/test_misc.py MiscTests.test_multiple_inheritance: Derived(Base1, Base2),
# each with __new__ returning super().__new__(cls) and __init__ calling super().__init__(): the
# calls follow the MRO (Derived, Base1, Base2, object), so Base2's attribute exists when Base1's
# __init__ checks it with hasattr; fullgraph=True, the result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Base1:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        if not hasattr(self, "base2"):
            raise ValueError("Wrong MRO tracing")
        self.base1 = 3


class Base2:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        self.base2 = 5


class Derived(Base1, Base2):
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        self.derived = 7

    def run(self, x):
        return self.base1 * self.base2 * self.derived * x


def fn(x):
    o = Derived()
    return o.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
