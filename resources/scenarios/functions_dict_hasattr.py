# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_hasattr: hasattr(x, "to") and
# hasattr(x, "items") under fullgraph, for a dict argument (cos of its "a") and for a tensor
# (x.to("cpu")); both give eager's results.
import torch
import torch._dynamo


def fn(x):
    if hasattr(x, "to"):
        return x.to("cpu")
    if hasattr(x, "items"):
        return torch.cos(x["a"])
    return x


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = dict(a=torch.randn(3))
assert torch.equal(fn(x), opt_fn(x))
x = torch.randn(4)
assert torch.equal(fn(x), opt_fn(x))
