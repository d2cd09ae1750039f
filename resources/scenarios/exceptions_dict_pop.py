# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_dict_pop: dict.pop of a missing key raises KeyError in the
# trace (the pattern of inspect.bind); the dict's keys are guarded, so the second dict recompiles.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's,
# for a dict without the key (KeyError from dict.pop, caught) and one with it (the else block)..
import torch
import torch._dynamo


def fn(dt, x):
    try:
        dt.pop("b")
    except KeyError:
        return torch.sin(x)
    else:
        return torch.cos(x)


d = {"a": 1}
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch.allclose(fn(d, x), opt_fn(d, x))
assert torch.allclose(fn({"a": 1, "b": 2}, x), opt_fn({"a": 1, "b": 2}, x))
