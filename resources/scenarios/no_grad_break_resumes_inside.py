# Scenario: a graph break inside `with torch.no_grad():` resumes inside the block: the break
# step and the rest of the block run without grad, the code after the block with grad again,
# and an exception raised at the break still leaves grad mode restored. Results and
# requires_grad as in eager; frame_count 2 (as test_subgraphs.py test_resume_with_no_grad1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

seen = []


def record(t):
    seen.append(torch.is_grad_enabled())
    if t is None:
        raise ValueError("no tensor")
    return t


record = torch._dynamo.disable(record)


def fn(x, w):
    y = x * w
    with torch.no_grad():
        z = y + 1
        z = record(z)
        z = z * 2
    return y + z, z


torch._dynamo.reset()
x = torch.randn(3)
w = torch.randn(3, requires_grad=True)
ref_out, ref_z = fn(x, w)
eager_seen = list(seen)
seen.clear()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
out, z = opt(x, w)
assert seen == eager_seen == [False], (seen, eager_seen)
assert torch.allclose(out, ref_out) and torch.allclose(z, ref_z)
assert out.requires_grad and not z.requires_grad
assert torch.is_grad_enabled()
assert cnt.frame_count == 2, cnt.frame_count


def fails(x):
    with torch.no_grad():
        y = x + 1
        record(None)
    return y


try:
    torch.compile(fails, backend=cnt)(x)
except ValueError:
    pass
assert torch.is_grad_enabled(), "grad mode left disabled after the exception"
