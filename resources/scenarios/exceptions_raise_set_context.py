# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_set___context__: an exception
# raised and caught with no exception being handled has no __context__, for each of two
# sequential try blocks. Compiled with fullgraph=True (make_dynamo_test).
import torch


def fn(x):
    try:
        raise TypeError
    except TypeError as e:
        exc = e
    try:
        raise ValueError
    except ValueError as e:
        exc2 = e
    return x + (exc.__context__ is None) + (exc2.__context__ is None)


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected) and expected[0].item() == 2, (got, expected)
