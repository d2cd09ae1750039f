# PyTorch test/dynamo/test_functions.py FunctionTests.test_fn_with_attr: the function reads an
# attribute of its own function object (fn.pred); changing it between compiles changes the branch
# and recompiles: frame_count 1, then 2; results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if fn.pred:
        return torch.relu(x * 2)
    else:
        return torch.abs(x + 3)


t = torch.ones(3)
counter = CompileCounter()
fn.pred = True
opt_fn_0 = torch.compile(fullgraph=True, backend=counter)(fn)
assert torch.equal(opt_fn_0(t), fn(t))
assert counter.frame_count == 1, counter.frame_count
fn.pred = False
opt_fn_1 = torch.compile(fullgraph=True, backend=counter)(fn)
assert torch.equal(opt_fn_1(t), fn(t))
assert counter.frame_count == 2, counter.frame_count
