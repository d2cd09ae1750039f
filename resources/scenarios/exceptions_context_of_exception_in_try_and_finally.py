# PyTorch test/dynamo/test_exceptions.py CPythonExceptionTests
# .test_context_of_exception_in_try_and_finally: a ValueError raised in a finally block while a
# TypeError propagates gets the TypeError as __context__; the outer handler sees the ValueError.
# Compiled with fullgraph=True (make_dynamo_test); the checks' outcome equals eager's.
import torch


def fn(x):
    try:
        try:
            te = TypeError(1)
            raise te
        finally:
            ve = ValueError(2)
            raise ve
    except Exception as e:
        exc = e
    return x + (exc is ve) + 10 * (exc.__context__ is te)


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected) and expected[0].item() == 11, (got, expected)
