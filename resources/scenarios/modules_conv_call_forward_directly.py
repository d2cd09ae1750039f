# PyTorch test/dynamo/test_modules.py NNModuleTests.test_conv_call_forward_directly: a module
# calls its Conv2d child's forward() directly (self.layer.forward(x), no __call__); fullgraph
# compiles it and the result equals eager's on a 4x3x9x9 input.
import torch
import torch._dynamo


class ConvCallForwardDirectly(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Conv2d(3, 64, 3, 1, 1, bias=False)

    def forward(self, x):
        return self.layer.forward(x)


m = ConvCallForwardDirectly()
x = torch.rand([4, 3, 9, 9])
ref = m(x)
opt_m = torch.compile(backend="eager", fullgraph=True)(m)
res = opt_m(x)
assert torch.allclose(ref, res, atol=1e-5)
