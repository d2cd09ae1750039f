# PyTorch test/dynamo/test_modules.py NNModuleTests.test_conv_call_super_forward_directly: a
# Conv1d subclass whose __init__ passes keyword arguments up and whose forward calls
# super().forward(inputs); fullgraph compiles it and the result equals eager's.
import torch
import torch._dynamo


class ConvCallSuperForwardDirectly(torch.nn.Conv1d):
    def __init__(self, in_channels, out_channels, kernel_size, **kwargs):
        super().__init__(
            in_channels=in_channels, out_channels=out_channels, kernel_size=kernel_size, **kwargs
        )

    def forward(self, inputs, mask=None):
        outputs = super().forward(inputs)
        return outputs


x = torch.randn(4, 4)
m = ConvCallSuperForwardDirectly(4, 4, 4)
ref = m(x)
opt_m = torch.compile(backend="eager", fullgraph=True)(m)
res = opt_m(x)
assert torch.allclose(ref, res, atol=1e-5)
