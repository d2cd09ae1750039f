# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_stop_iteration: next() on exhausted list iterators raises
# StopIteration in the trace, caught inside a user zip_longest.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(it) for it in iterables]
    result = []
    while True:
        for it in iterators:
            try:
                value = next(it)
            except StopIteration:
                result.append(fillvalue)
                return result
            result.append(value)


def fn(x, y):
    torch.cos(torch.randn(4))
    return tuple(zip_longest(x, y))


x = [1, 2, 3, 4]
y = [10, 11, 12]
ref = fn(x, y)
res = torch.compile(fn, backend="eager", fullgraph=True)(x, y)
assert ref == res, (ref, res)
