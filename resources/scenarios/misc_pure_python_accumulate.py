# PyTorch test/dynamo/test_misc.py MiscTests.test_pure_python_accumulate: a user generator function
# (accumulate written in Python, try/except StopIteration around next) returned unconsumed from the
# compiled function: 1 graph, the generated tensors equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def accumulate(iterable, func=lambda x, y: x + y):
    it = iter(iterable)
    try:
        total = next(it)
    except StopIteration:
        return
    yield total
    for element in it:
        total = func(total, element)
        yield total


def fn(it):
    return accumulate(it)


torch._dynamo.reset()
t_list = [torch.tensor([i]) for i in range(4)]
expected = list(fn(t_list))
counter = CompileCounter()
got = list(torch.compile(fn, backend=counter)(t_list))
assert len(got) == 4 and all(torch.equal(a, b) for a, b in zip(got, expected))
assert counter.frame_count == 1, counter.frame_count
