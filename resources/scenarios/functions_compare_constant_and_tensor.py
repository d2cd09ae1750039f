# PyTorch test/dynamo/test_functions.py FunctionTests.test_compare_constant_and_tensor: the
# operator module's comparisons (lt, le, gt, ge, ne, eq, is_, is_not) with a constant on the left
# and a tensor on the right, under fullgraph, give eager's results.
import operator

import torch
import torch._dynamo

for op in [operator.lt, operator.le, operator.gt, operator.ge, operator.ne, operator.eq,
           operator.is_, operator.is_not]:
    torch._dynamo.reset()

    def fn(x):
        return op(-10, x)

    opt_fn = torch.compile(fullgraph=True)(fn)
    x = torch.randn(10)
    ref, res = fn(x), opt_fn(x)
    if isinstance(ref, torch.Tensor):
        assert torch.equal(ref, res), op
    else:
        assert ref == res, op
