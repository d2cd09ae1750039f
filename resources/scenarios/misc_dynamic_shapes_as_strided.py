# PyTorch test/dynamo/test_misc.py MiscTests.test_dynamic_shapes_as_strided: t.as_strided(size,
# stride) with size [0, 3] from a list argument, viewed flat and summed, under dynamic=True: dtype,
# shape, stride and storage offset of the result equal eager's.
import torch
import torch._dynamo


def fn(t, new_size, new_stride):
    tmp = t.as_strided(new_size, new_stride)
    tmp = tmp.view(-1)
    return t * tmp.sum()


torch._dynamo.reset()
x = torch.randn(3)
expected = fn(x, [0, 3], [3, 1])
got = torch.compile(fn, backend="eager", dynamic=True)(x, [0, 3], [3, 1])
assert got.dtype == expected.dtype and got.shape == expected.shape
assert got.stride() == expected.stride() and got.storage_offset() == expected.storage_offset()
assert torch.equal(got, expected)
