# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_is_contiguous: is_contiguous(memory_format=
# fmt) of a conv output, with fmt an argument: equals eager for contiguous_format and channels_last.
import torch
import torch._dynamo


def fn(x):
    inp = torch.randn((1, 16, 1, 1))
    weight = torch.randn((8, 16, 3, 3))
    weight = weight.to(memory_format=x)
    out = torch.conv2d(inp, weight, None, (2, 1), (1, 1), (1, 1), 1)
    return out.is_contiguous(memory_format=x)


opt = torch.compile(fn, backend="eager")
for fmt in (torch.contiguous_format, torch.channels_last):
    assert fn(fmt) == opt(fmt), fmt
