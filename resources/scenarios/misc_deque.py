# PyTorch test/dynamo/test_misc.py MiscTests.test_deque_input and test_deque_append_left: pop,
# appendleft and popleft on a deque argument (fullgraph=True): 1 graph each, results and the
# mutated deque equal eager.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def pops(q):
    a = q.pop()
    b = q.pop()
    return a * b


def lefts(q, a, b):
    q.appendleft(a)
    q.appendleft(b)
    return q.popleft() * q.popleft()


a = torch.randn([2, 3])
b = torch.randn([2, 3])
d1 = collections.deque(["foo", a, b])
d2 = d1.copy()
torch._dynamo.reset()
cnts = CompileCounter()
expected = pops(d1)
assert torch.equal(torch.compile(pops, backend=cnts, fullgraph=True)(d2), expected)
assert list(d2) == ["foo"] and cnts.frame_count == 1

d1 = collections.deque(["foo", 10, 10])
d2 = d1.copy()
torch._dynamo.reset()
cnts = CompileCounter()
a = torch.randn([3, 3])
b = torch.randn([3, 3])
expected = lefts(d1, a, b)
got = torch.compile(lefts, backend=cnts, fullgraph=True)(d2, a, b)
assert isinstance(got, torch.Tensor) and torch.equal(got, expected)
assert list(d2) == list(d1) and cnts.frame_count == 1
