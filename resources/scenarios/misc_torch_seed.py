# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_seed: torch.seed() is recorded as a graph
# node and torch.manual_seed breaks the graph: 1 graph with 1 op, 1 graph break counted.
import sys

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same
from torch._dynamo.utils import counters


def fn(x):
    attention_seed = int(torch.seed() % sys.maxsize)
    torch.manual_seed(attention_seed)
    return (x,)


torch._dynamo.reset()
counters.clear()
cnts = CompileCounter()
x = torch.randn(10, requires_grad=True)
assert same(fn(x), torch.compile(fn, backend=cnts)(x))
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
assert len(counters["graph_break"]) == 1, dict(counters["graph_break"])
