# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_key_error: a missing key of a dict argument raises KeyError in the
# trace (the dict's keys are guarded) and the handler picks a default.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x, d):
    try:
        a = d["b"]
    except KeyError:
        a = 2
    return x * a


x = torch.randn(4)
d = {"a": 1}
ref = fn(x, d)
res = torch.compile(fn, backend="eager", fullgraph=True)(x, d)
assert torch.allclose(ref, res), (ref, res)
