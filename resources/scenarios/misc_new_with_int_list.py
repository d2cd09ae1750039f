# PyTorch test/dynamo/test_misc.py MiscTests.test_new_with_int_list: x.new(*x.size()) + 5: dtype,
# shape, strides and offset equal eager's (the values are uninitialised, so not compared).
import torch
import torch._dynamo


def fn(x):
    return x.new(*x.size()) + 5


x = torch.arange(10).view(2, 5)
expected = fn(x)
got = torch.compile(backend="eager")(fn)(x)
assert expected.dtype == got.dtype and expected.shape == got.shape
assert expected.stride() == got.stride() and expected.storage_offset() == got.storage_offset()
