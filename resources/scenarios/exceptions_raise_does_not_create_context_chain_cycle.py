# PyTorch test/dynamo/test_exceptions.py CPythonExceptionTests
# .test_raise_does_not_create_context_chain_cycle: with A handled, B raised (context A), C raised
# (context B), re-raising A inside C's handler makes A's context C and cuts B's link to A, so the
# chain is A -> C -> B with no cycle. Compiled with fullgraph=True (make_dynamo_test): the
# identity checks give the same number as eager.
import torch


def fn(x):
    score = 0
    try:
        try:
            raise AssertionError
        except AssertionError as a_:
            a = a_
            try:
                raise BytesWarning
            except BytesWarning as b_:
                b = b_
                try:
                    raise ConnectionError
                except ConnectionError as c_:
                    c = c_
                    score += (b.__context__ is a) + 2 * (c.__context__ is b)
                    raise a  # noqa: B904
    except AssertionError as e:
        exc = e
    score += 4 * (exc is a) + 8 * (a.__context__ is c) + 16 * (c.__context__ is b)
    score += 32 * (b.__context__ is None)
    return x + score


x = torch.zeros(2)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected) and expected[0].item() == 63, (got, expected)
