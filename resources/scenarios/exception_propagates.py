# Scenario: a Python exception raised after a graph propagates unchanged (type, message), as it
# would in eager mode. Graph 1 = add, then the raise.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, limit):
    y = x + 1
    if limit < 0:
        raise ValueError(f"negative limit {limit}")
    return y


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.randn(2)
assert torch.allclose(opt(x, 1), x + 1)
for f in (fn, opt):
    try:
        f(x, -1)
    except ValueError as e:
        assert str(e) == "negative limit -1"
    else:
        raise AssertionError("ValueError expected")
