# PyTorch test/dynamo/test_misc.py MiscTests.test_variable_access_in_exception: raise and catch
# inside the compiled function, updating a tensor in the handler (fullgraph=True): [2.0].
import torch
import torch._dynamo


def fn():
    x = torch.ones(1)
    try:
        raise RuntimeError("bad")
    except RuntimeError:
        x += 1
    return x


assert torch.equal(torch.compile(fn, backend="eager", fullgraph=True)(), torch.tensor([2.0]))
