# PyTorch test/dynamo/test_misc.py MiscTests.test_tolist_scalar, test_tolist_1d, test_tolist_kd and
# test_tolist_0d: with capture_scalar_outputs=True, x.tolist() of a 1-element, 1-d, 3-d and 0-d
# integer tensor feeds Python arithmetic under fullgraph=True: 1 graph each, lists equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def times_four(x):
    new_list = []
    for i in x.tolist():
        new_list.append(i * 4)
    return new_list


def zero_d(x):
    new_list = []
    i = x.tolist()
    new_list.append(i * 4)
    return new_list


cases = [
    (times_four, torch.tensor([3])),
    (times_four, torch.tensor([2, 1])),
    (times_four, torch.tensor([[[2, 1], [2, 1], [2, 1]], [[2, 1], [2, 1], [2, 1]]])),
    (zero_d, torch.tensor(42)),
]
with torch._dynamo.config.patch(capture_scalar_outputs=True):
    for fn, x in cases:
        torch._dynamo.reset()
        expected = fn(x)
        counter = CompileCounter()
        got = torch.compile(fn, backend=counter, fullgraph=True)(x)
        assert got == expected, (got, expected)
        assert counter.frame_count == 1, (fn.__name__, counter.frame_count)
