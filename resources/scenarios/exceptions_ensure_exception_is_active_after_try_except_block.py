# PyTorch test/dynamo/test_exceptions.py
# ExceptionTests.test_ensure_exception_is_active_after_try_except_block: after inner try/except
# blocks finish inside a ZeroDivisionError handler, a bare `raise` still re-raises the
# ZeroDivisionError (the handled exception is restored when each inner handler ends).
# Compiled with fullgraph=True (make_dynamo_test); the result equals eager's.
import torch


def fn(x):
    try:
        try:
            1 / 0
        except ZeroDivisionError:
            for exc in (KeyError, IndexError):
                try:
                    raise exc
                except exc:
                    pass
            raise
    except ZeroDivisionError:
        return x + 1
    return x - 1


x = torch.zeros(2)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, fn(x)) and got[0].item() == 1, got
