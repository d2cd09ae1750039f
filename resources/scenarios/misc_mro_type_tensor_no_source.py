# PyTorch test/dynamo/test_misc.py MiscTests.test_mro_type_tensor_no_source: type() of a tensor made
# in the trace, and the names of the classes on its __mro__, returned (fullgraph=True): the
# class is torch.Tensor and the names equal CPython's.
import torch
import torch._dynamo


@torch.compile(fullgraph=True, backend="eager")
def fn(x):
    z = []
    input_type = type(torch.ones(2, 2))
    for cls in input_type.__mro__:
        z.append(cls.__name__)
    return x, input_type, z


torch._dynamo.reset()
inp = torch.ones(2, 2)
out, cls, names = fn(inp)
assert out is inp and cls is torch.Tensor, (out, cls)
assert names == [c.__name__ for c in torch.Tensor.__mro__], names
