# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_foo: a contextlib.contextmanager whose
# generator turns any exception thrown into it into ValueError, nested in another that only has a
# finally; an IndexError raised in the inner block reaches the caller as ValueError. The test
# runs the body under Dynamo (make_dynamo_test); here it is compiled with a tensor result that
# depends on which handler ran.
import contextlib

import torch


@contextlib.contextmanager
def converts():
    try:
        yield
    except BaseException:
        raise ValueError  # noqa: B904


@contextlib.contextmanager
def nothing():
    try:
        yield
    finally:
        pass


def fn(x):
    z = 0
    with nothing():
        try:
            with converts():
                raise IndexError
        except ValueError:
            z = 1
        except IndexError:
            z = 2
    return x + z


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager")(x)
assert torch.equal(got, expected) and expected[0].item() == 1, (got, expected)
