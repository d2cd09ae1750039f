# shapes_symbolic.py: the same function called with three batch sizes.
#
# The first call specialises the graph to the exact shape. The second, with another batch size,
# fails the shape guard and recompiles; automatic dynamic shapes then mark the batch dimension
# as a symbol, so the third batch size reuses that graph instead of compiling again.
import torch


@torch.compile
def squash(x):
    return torch.tanh(x) * 2 + 1


for batch in (4, 8, 16):
    out = squash(torch.randn(batch, 3))
    print("batch", batch, "->", tuple(out.shape))
