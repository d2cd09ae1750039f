# Scenario: Dynascope's records (what `dynascope explain` prints) say why a function recompiled:
# a size change with static shapes names the size mismatch.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

import dynascope


def fn(x):
    return x * 2


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
opt(torch.randn(3))
opt(torch.randn(5))
assert cnt.frame_count == 2
(record,) = [r for r in dynascope.records() if r["function"].endswith("fn")]
assert record["calls"] == 2 and record["cache_misses"] == 2, record
assert len(record["recompiles"]) == 1, record["recompiles"]
reason = record["recompiles"][0]["reason"]
assert "size" in reason or "shape" in reason, reason
