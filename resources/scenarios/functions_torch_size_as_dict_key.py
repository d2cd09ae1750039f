# PyTorch test/dynamo/test_functions.py FunctionTests.test_torch_size_as_dict_key: a torch.Size
# (x.shape) used as a key of a dict argument (`in`, store, read) under fullgraph; two calls
# with the same shape give eager's results and the second reads the tensor the first stored.
import torch
import torch._dynamo


def fn(x, cached):
    if x.shape not in cached:
        cached[x.shape] = x
    return x + cached[x.shape]


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x1 = torch.randn(2, 3)
x2 = torch.randn(2, 3)
cached = {}
ref1 = fn(x1, cached)
ref2 = fn(x2, cached)
cached = {}
res1 = opt_fn(x1, cached)
res2 = opt_fn(x2, cached)
assert torch.equal(ref1, res1)
assert torch.equal(ref2, res2)
assert list(cached) == [torch.Size([2, 3])] and cached[torch.Size([2, 3])] is x1
