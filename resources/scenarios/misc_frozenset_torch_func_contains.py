# PyTorch test/dynamo/test_misc.py MiscTests.test_frozenset_torch_func_contains: `func in
# frozenset([torch.add])` with a torch function argument is decided at trace time: 2 ops for
# torch.add, 1 op for torch.mul (fullgraph=True).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

funcs = frozenset([torch.add])


def fn(x, func):
    if func in funcs:
        x = torch.add(x, 1.0)
    x = torch.mul(x, 1.0)
    return x


x = torch.randn(1)
for func, ops in ((torch.add, 2), (torch.mul, 1)):
    torch._dynamo.reset()
    cnts = CompileCounter()
    got = torch.compile(fn, backend=cnts, fullgraph=True)(x, func)
    assert torch.allclose(got, fn(x, func))
    assert cnts.op_count == ops, (func, cnts.op_count)
