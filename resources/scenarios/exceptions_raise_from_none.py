# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_from_None: a mapping class whose
# __getitem__ turns a KeyError into `raise KeyError(key) from None` (the os.environ pattern);
# a helper catches it and returns a default. fullgraph=True; both results equal eager's.
import torch


class Mapping:
    def __init__(self, d):
        self._d = d

    def __getitem__(self, key):
        try:
            value = self._d[key]
        except KeyError:
            raise KeyError(key) from None
        return value


def get_or_default(obj, key, default=None):
    try:
        return obj.__getitem__(key)
    except KeyError:
        return default


def fn(x, d, key):
    return torch.sin(x + 1), get_or_default(d, key)


d = Mapping({"a": 10, "b": 20})
x = torch.rand(2, 3)
expected = fn(x, d, "m")
got = torch.compile(fn, backend="eager", fullgraph=True)(x, d, "m")
assert torch.allclose(got[0], expected[0]) and got[1] == expected[1] is None, (got, expected)
got_b = torch.compile(fn, backend="eager", fullgraph=True)(x, d, "b")
assert got_b[1] == 20, got_b
