# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_generator_set_state: the default generator's
# state read, torch.rand, a graph break, the state restored and torch.rand again: both draws are
# the same numbers (x == y * 2), as in eager.
import torch
import torch._dynamo


def fn():
    default_state = torch.default_generator.get_state()
    x = torch.rand([2, 3])
    if default_state.dtype != "float32":
        x = x * 2
    torch._dynamo.graph_break()
    torch.default_generator.set_state(default_state)
    y = torch.rand([2, 3])
    return x, y


torch._dynamo.reset()
x, y = torch.compile(fn, backend="eager")()
assert torch.equal(x, y * 2), (x, y)
