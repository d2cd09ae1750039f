# PyTorch test/dynamo/test_modules.py NNModuleTests.test_conv_transpose_call_super_forward_directly:
# a ConvTranspose2d subclass branches on x.numel() > 0 (a static fact of the input's shape) and
# calls super().forward(x); the empty-input path (a list comprehension over zip of the
# shape and the conv's settings) is not taken. fullgraph; the result equals eager's.
import torch
import torch._dynamo


class ConvTransposeCallSuperForwardDirectly(torch.nn.ConvTranspose2d):
    def __init__(self, in_channels, out_channels, kernel_size, **kwargs):
        super().__init__(
            in_channels=in_channels, out_channels=out_channels, kernel_size=kernel_size, **kwargs
        )

    def forward(self, x):
        if x.numel() > 0:
            return super().forward(x)
        output_shape = [
            ((i - 1) * d - 2 * p + (di * (k - 1) + 1) + op)
            for i, p, di, k, d, op in zip(
                x.shape[-2:],
                self.padding,
                self.dilation,
                self.kernel_size,
                self.stride,
                self.output_padding,
            )
        ]
        output_shape = [x.shape[0], self.bias.shape[0]] + output_shape
        return x.new_empty(output_shape)


x = torch.randn(4, 4, 4)
m = ConvTransposeCallSuperForwardDirectly(4, 4, 4)
ref = m(x)
opt_m = torch.compile(backend="eager", fullgraph=True)(m)
res = opt_m(x)
assert torch.allclose(ref, res, atol=1e-5)
