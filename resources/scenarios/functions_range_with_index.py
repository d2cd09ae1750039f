# PyTorch test/dynamo/test_functions.py FunctionTests.test_range_with_slice_index and
# test/dynamo/test_functions.py FunctionTests.test_range_with_index: iterating range(2)[1::2] (a
# sliced range) and indexing range(10, 20, 2)[2] under fullgraph give eager's results.
import torch
import torch._dynamo


def fn_slice(x):
    acc = 1
    for k in range(2)[1::2]:
        acc *= acc * k
    return x * acc


def fn_index(x):
    acc = 1
    acc *= acc * range(10, 20, 2)[2]
    return x * acc


for fn in (fn_slice, fn_index):
    torch._dynamo.reset()
    opt_fn = torch.compile(fullgraph=True)(fn)
    x = torch.ones(1)
    assert torch.equal(opt_fn(x), fn(x)), fn.__name__
