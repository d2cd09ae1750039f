# PyTorch test/dynamo/test_misc.py MiscTests.test_shape_and_tuple_equality: x.size() == t for a
# tuple argument (fullgraph=True): the equal branch (z.cos()), as eager, and the other branch for
# an unequal tuple.
import torch
import torch._dynamo


def fn(x, y, t):
    z = x * y
    if x.size() == t:
        return z.cos()
    return z.sin()


torch._dynamo.reset()
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x, y = torch.randn([4, 4]), torch.randn([4, 4])
assert torch.allclose(opt_fn(x, y, (4, 4)), (x * y).cos())
assert torch.allclose(opt_fn(x, y, (4, 5)), (x * y).sin())
