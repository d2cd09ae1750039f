# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_tuple_iterator_return: a tuple iterator
# advanced across two breaks and returned: values and the iterator's remaining items as eager;
# frame_count 3, op_count 6.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, unsupported


def fn(x):
    it = iter(tuple(range(10)))
    x = x + next(it)
    x = x + next(it)
    x = unsupported(x, x)
    x = x + next(it)
    x = x + next(it)
    x = unsupported(x, x)
    x = x + next(it)
    x = x + next(it)
    return x, it


torch._dynamo.reset()
v1 = torch.randn(10)
v2, it2 = fn(v1)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
v3, it3 = opt_fn(v1)
v4, it4 = opt_fn(v1)
assert v2.tolist() == v3.tolist() == v4.tolist()
assert list(it2) == list(it3)
assert (cnt.frame_count, cnt.op_count) == (3, 6), (cnt.frame_count, cnt.op_count)
