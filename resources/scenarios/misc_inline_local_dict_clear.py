# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_local_dict_clear: dict.clear() on an input
# dict (fullgraph=True) empties the caller's dict, and the returned one is it.
import torch
import torch._dynamo


def f(d):
    d.clear()
    return d


inp = {"a": torch.randn(2, 2), "b": torch.randn(2, 2)}
out = torch.compile(f, backend="eager", fullgraph=True)(inp)
assert len(out) == 0 and len(inp) == 0
