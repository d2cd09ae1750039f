# PyTorch test/dynamo/test_misc.py MiscTests.test_no_raise_guard_partial_constraint: a branch on
# x.shape[0] > 3 of a tensor marked dynamic (after a reset) only bounds the size: no error, and
# the result equals eager's.
import torch
import torch._dynamo


def my_dyn_fn(x):
    if x.shape[0] > 3:
        return x.sin()
    return x.cos()


torch._dynamo.reset()
y = torch.randn([3, 3, 3])
assert torch.allclose(torch.compile(my_dyn_fn, backend="eager")(y), y.cos())
torch._dynamo.mark_dynamic(y, 0)
torch._dynamo.reset()
assert torch.allclose(torch.compile(my_dyn_fn, backend="eager")(y), y.cos())
