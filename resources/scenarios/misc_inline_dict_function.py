# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_dict_function and
# test_inline_dict_function_passed_as_arg: dicts keyed by Python types giving torch dtypes, built
# in an inlined function or passed in; results equal eager.
import torch
import torch._dynamo


def result_type(dtype):
    return {bool: torch.float32}[dtype]


@torch.compile(backend="eager")
def f():
    return torch.ones(3, dtype=result_type(bool))


@torch.compile(backend="eager")
def g(d, key, y):
    if d[key] is torch.float32:
        return y.cos()
    return y.sin()


assert torch.equal(f(), torch.ones(3, dtype=torch.float32))
dd = {bool: torch.float32, int: torch.int64}
assert torch.allclose(g(dd, bool, torch.ones(4)), torch.ones(4).cos())
assert torch.allclose(g(dd, int, torch.ones(4)), torch.ones(4).sin())
