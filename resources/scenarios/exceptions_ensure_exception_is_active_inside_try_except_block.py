# PyTorch test/dynamo/test_exceptions.py
# ExceptionTests.test_ensure_exception_is_active_inside_try_except_block: inside a handler for
# ZeroDivisionError, exceptions raised and caught in a loop have it as __context__, and the bare
# `raise` afterwards re-raises the ZeroDivisionError (caught outside). Compiled with
# fullgraph=True (make_dynamo_test), the counts of checked contexts equal eager's.
import torch


def fn(x):
    seen = 0
    try:
        try:
            1 / 0
        except ZeroDivisionError:
            for exc in (KeyError, IndexError):
                try:
                    raise exc
                except exc as e:
                    assert isinstance(e.__context__, ZeroDivisionError)
                    seen += 1
            raise
    except ZeroDivisionError:
        seen += 10
    return x + seen


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected) and expected[0].item() == 12, (got, expected)
