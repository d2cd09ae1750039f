# PyTorch test/dynamo/test_misc.py MiscTests.test_is_tensor_like2: a plain class with a
# __torch_function__ classmethod is tensor-like; torch.max on it is answered by that override
# (tensor(123)), an int is not tensor-like (zeros): both equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyTensor:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        if func is torch.max:
            return torch.tensor(123)
        return func(*args, **kwargs)


def fn(x):
    if torch.overrides.is_tensor_like(x):
        return torch.max(x)
    return torch.zeros(1)


torch._dynamo.reset()
x = MyTensor()
ref0, ref1 = fn(x), fn(4)
opt_fn = torch.compile(fn, backend="eager")
assert same(ref0, opt_fn(x))
assert same(ref1, opt_fn(4))
