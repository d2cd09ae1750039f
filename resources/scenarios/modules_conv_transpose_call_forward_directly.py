# PyTorch test/dynamo/test_modules.py NNModuleTests.test_conv_transpose_call_forward_directly: a
# ConvTranspose2d child's forward() called directly under fullgraph; the result equals eager's.
import torch
import torch._dynamo


class ConvTransposeCallForwardDirectly(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.ConvTranspose2d(4, 4, 4)

    def forward(self, x):
        return self.layer.forward(x)


m = ConvTransposeCallForwardDirectly()
x = torch.rand([4, 4, 4, 4])
ref = m(x)
opt_m = torch.compile(backend="eager", fullgraph=True)(m)
res = opt_m(x)
assert torch.allclose(ref, res, atol=1e-5)
