# PyTorch test/dynamo/test_misc.py MiscTests.test_no_raise_guard_partial_constraint_across_break:
# as test_no_raise_guard_partial_constraint, with the size test after a graph break on a tensor
# computed before it: no error, the result equals eager's.
import torch
import torch._dynamo


def my_dyn_fn(x, y):
    z = x * y
    torch._dynamo.graph_break()
    if z.shape[0] > 2:
        return z.cos()
    return x.cos()


torch._dynamo.reset()
y = torch.randn([3, 3, 3])
assert torch.allclose(torch.compile(my_dyn_fn, backend="eager")(y, y), (y * y).cos())
torch._dynamo.mark_dynamic(y, 0)
torch._dynamo.reset()
assert torch.allclose(torch.compile(my_dyn_fn, backend="eager")(y, y), (y * y).cos())
