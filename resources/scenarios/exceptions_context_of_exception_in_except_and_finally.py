# PyTorch test/dynamo/test_exceptions.py CPythonExceptionTests
# .test_context_of_exception_in_except_and_finally: TypeError raised, ValueError raised in its
# handler, OSError raised in the finally: the chain is OSError -> ValueError -> TypeError.
# Compiled with fullgraph=True (make_dynamo_test); the checks' outcome equals eager's.
import torch


def fn(x):
    try:
        try:
            te = TypeError(1)
            raise te
        except Exception:
            ve = ValueError(2)
            raise ve  # noqa: B904
        finally:
            oe = OSError(3)
            raise oe
    except Exception as e:
        exc = e
    return x + (exc is oe) + 10 * (exc.__context__ is ve) + 100 * (exc.__context__.__context__ is te)


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected) and expected[0].item() == 111, (got, expected)
