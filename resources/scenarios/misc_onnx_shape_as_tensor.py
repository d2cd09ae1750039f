# PyTorch test/dynamo/test_misc.py MiscTests.test_onnx_shape_as_tensor: 1 + torch._shape_as_tensor(x)[0]
# and the same through torch.onnx.operators.shape_as_tensor (fullgraph=True): 7 for a 6-element
# input, 8 for a 7x4 one (twice). The torch._dynamo.export half is not part of the shim.
import torch
import torch._dynamo
import torch.onnx.operators


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    return 1 + torch._shape_as_tensor(x)[0]


@torch.compile(backend="eager", fullgraph=True)
def f_onnx(x):
    return 1 + torch.onnx.operators.shape_as_tensor(x)[0]


torch._dynamo.reset()
for fn in (f, f_onnx):
    assert fn(torch.ones(6)) == 7
    assert fn(torch.ones(7, 4)) == 8
    assert fn(torch.ones(7, 4)) == 8
