# PyTorch test/dynamo/test_misc.py MiscTests.test_simple_set_usage, test_add_to_set,
# test_remove_set and test_iter_set: sets of tensors built in the frame (literal, add, iteration)
# and of ints (remove) compile under fullgraph=True in 1 graph each; results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def pop_two(x, y):
    s = {x, y}
    return s.pop() * s.pop()


def add_items(x, y):
    s = set()
    s.add(x[0])
    s.add(x[1])
    s.add(x[2])
    s.add(y)
    return y * len(s)


def remove_item(x):
    s = set((4, 5))
    s.remove(4)
    return x * len(s)


def iter_add(x, y):
    s = set()
    for t in x:
        s.add(t)
    return y * len(s)


x = torch.randn(10, 10)
y = torch.randn(2, 2)
for fn, args in ((pop_two, (x, x.clone())), (add_items, ([x, x, x, x, y], y)),
                 (remove_item, (torch.randn(4),)), (iter_add, ([x, x, x, x, y], y))):
    torch._dynamo.reset()
    cnts = CompileCounter()
    got = torch.compile(fn, backend=cnts, fullgraph=True)(*args)
    assert torch.allclose(got, fn(*args)), fn
    assert cnts.frame_count == 1, (fn, cnts.frame_count)
