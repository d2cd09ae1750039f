# PyTorch test/dynamo/test_misc.py MiscTestsDevice.test_rand, test_get_device and
# test_torch_device_python_type (on CPU): torch.randn(10) in a fullgraph=True function after
# torch.manual_seed(10) equals eager's with the same seed; x.get_device() of CPU tensors is -1 as
# in eager; a tensor's device read in the trace is a torch.device (type "cpu", index None,
# asserted at trace time) and builds zeros on it.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def rand():
    return torch.randn(10, device="cpu")


def devices(x, y):
    x = x + 1
    y = y + 1
    return x.get_device(), y.get_device()


def zeros_on(target):
    target_device = target.device
    a = torch.zeros(2, 3, device=target_device)
    assert isinstance(target_device, torch.device)
    assert target_device.type == "cpu"
    assert target_device.index is None
    b = torch.zeros(2, 3, device=target_device)
    c = torch.zeros(2, 3, device=target_device)
    return a + b + c


torch._dynamo.reset()
torch.manual_seed(10)
ref = rand()
torch.manual_seed(10)
cnts = CompileCounter()
assert same(torch.compile(rand, backend=cnts, fullgraph=True)(), ref)
x, y = torch.rand(4), torch.rand(4)
assert torch.compile(devices, backend="eager", fullgraph=True)(x, y) == devices(x, y) == (-1, -1)
res = torch.compile(zeros_on, backend="eager", fullgraph=True)(torch.tensor([2, 3]))
assert isinstance(res, torch.Tensor) and torch.equal(res, torch.zeros(2, 3))
