# Scenario: torch.compiler.disable (the 2.1+ spelling) as a decorator with arguments. The call
# is a break: graph 1 = mul; log_stats runs eagerly; graph 2 = relu. frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

STATS = []


@torch.compiler.disable(recursive=True)
def log_stats(t):
    STATS.append(round(float(t.mean()), 6))


def fn(x):
    y = x * 2
    log_stats(y)
    return y.relu()


torch._dynamo.reset()
x = torch.randn(6)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x)
ref = fn(x)
assert len(STATS) == 2 and STATS[0] == STATS[1]
assert torch.allclose(res, ref)
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
