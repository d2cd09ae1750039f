# PyTorch test/dynamo/test_functions.py FunctionTests.test_filter and
# test/dynamo/test_functions.py FunctionTests.test_filter_fallback: filter() with a lambda on
# x.requires_grad (known at trace time) compiles under fullgraph and gives eager's product; a
# filter whose lambda compares a tensor item (x[0] == 1, data-dependent) still gives eager's
# result without fullgraph, and raises Unsupported under fullgraph.
import torch
import torch._dynamo
from torch._dynamo.exc import Unsupported


def fn(inputs):
    out = inputs[0]
    for inp in filter(lambda x: (x.requires_grad), inputs):
        out = out * inp
    return out


input1 = torch.arange(2, dtype=torch.bfloat16)
input2 = torch.arange(2, dtype=torch.bfloat16).requires_grad_(True)
inputs = [input1, input2]
opt_fn = torch.compile(fullgraph=True)(fn)
assert torch.equal(opt_fn(inputs), fn(inputs))

torch._dynamo.reset()


def fn_fallback(inputs):
    out = inputs[0]
    for inp in filter(lambda x: x[0] == 1, inputs):
        out = out * inp
    return out


input1 = torch.ones(2, dtype=torch.bfloat16)
input2 = torch.arange(2, dtype=torch.bfloat16)
inputs = [input1, input2]
opt_fn = torch.compile()(fn_fallback)
assert torch.equal(opt_fn(inputs), fn_fallback(inputs))

torch._dynamo.reset()
try:
    torch.compile(fullgraph=True)(fn_fallback)(inputs)
except Unsupported:
    pass
else:
    raise AssertionError("a data-dependent filter compiled under fullgraph")
