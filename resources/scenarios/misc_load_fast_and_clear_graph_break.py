# PyTorch test/dynamo/test_misc.py MiscTests.test_load_fast_and_clear_graph_break: list
# comprehensions of torch.randn(r, 5) before and after a graph break (LOAD_FAST_AND_CLEAR on 3.12):
# the result has shape (3, 5).
import torch
import torch._dynamo


def fn():
    out = torch.cat([torch.randn(r, 5) for r in range(3)])
    torch._dynamo.graph_break()
    out = torch.cat([torch.randn(r, 5) for r in range(3)])
    return out


torch._dynamo.reset()
assert torch.compile(fn, backend="eager")().shape == (3, 5)
