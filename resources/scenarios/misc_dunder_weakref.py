# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_weakref: `foo.__weakref__` (a getset
# descriptor, None without weak references) of an object made in the trace, in a branch, under
# fullgraph=True: sin(x), as eager.
import torch
import torch._dynamo


class Foo:
    pass


def fn(x):
    foo = Foo()
    if foo.__weakref__:
        return torch.cos(x)
    return torch.sin(x)


torch._dynamo.reset()
x = torch.randn(4)
assert torch.equal(torch.compile(fn, backend="eager", fullgraph=True)(x), fn(x))
