# PyTorch test/dynamo/test_misc.py MiscTests.test_frozenset_of_non_literals: an object reached both
# as an argument and as the member of a frozenset argument is one object in the trace: foo0.x += 1
# is seen by list(s)[0].x (1).
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Foo:
    pass


def run(x, s, foo0):
    foo1 = list(s)[0]
    foo0.x += 1
    return x + 1, foo1.x


torch._dynamo.reset()
foo = Foo()
foo.x = 0
s = frozenset([foo])
res = torch.compile(run, backend="eager")(torch.ones(1), s, foo)
assert same(res[0], torch.ones(1) + 1)
assert res[1] == 1 and foo.x == 1, (res[1], foo.x)
