# PyTorch test/dynamo/test_misc.py MiscTests.test_input_cell_mutation: an argument that becomes a
# cell (read by an inner function) and is rebound first: fullgraph=True, equals eager.
import torch
import torch._dynamo


def fn(x):
    x = x.cos()

    def inner():
        return x.sin()

    return inner()


x = torch.ones(10)
assert torch.allclose(fn(x), torch.compile(fn, fullgraph=True, backend="eager")(x))
