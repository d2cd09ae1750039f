# PyTorch test/dynamo/test_misc.py MiscTests.test_repeat_interleave_graphbreaks: repeat_interleave
# with an int count stays in one graph (1); with a tensor count its output size depends on data,
# so the graph breaks (2). Results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def int_repeats(x):
    x += 1
    x = torch.repeat_interleave(x, 2, 3)
    x += 1
    return x


def tensor_repeats(x):
    x += 1
    x = torch.repeat_interleave(x, torch.tensor(2), 3)
    x += 1
    return x


for fn, frames in ((int_repeats, 1), (tensor_repeats, 2)):
    torch._dynamo.reset()
    cnts = CompileCounter()
    x = torch.randn([4, 16, 1, 64])
    expected = fn(x.clone())
    assert torch.equal(torch.compile(fn, backend=cnts)(x), expected)
    assert cnts.frame_count == frames, (fn, cnts.frame_count)
