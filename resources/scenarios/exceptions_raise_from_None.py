# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_from_None: a KeyError from a dict read is caught and raised again
# `from None` inside a user mapping's __getitem__, then caught by the caller, which returns a default.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


class MyMapping:
    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        try:
            value = self._d[key]
        except KeyError:
            raise KeyError(key) from None
        return value


d = MyMapping({"a": 10, "b": 20})


def mapping_get(obj, key, value=None):
    try:
        return obj.__getitem__(key)
    except KeyError:
        return value


def fn(x, d, key):
    x = torch.sin(x + 1)
    return x, mapping_get(d, key)


x = torch.rand(2, 3)
ref = fn(x, d, "m")
res = torch.compile(fn, backend="eager", fullgraph=True)(x, d, "m")
assert torch.allclose(ref[0], res[0]), (ref, res)
assert ref[1] == res[1], (ref, res)
