# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_user_defined_nn_module_dynamic:
# three instances of a Conv2d subclass that calls F.conv2d with its own stride (1, 2 and 3),
# each compiled with fullgraph: the strides are static, so three compilations (frame_count 3),
# not two; results equal eager's (on a 1x64x16x16 input; the test uses 64x64).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Conv2d(torch.nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def forward(self, x):
        x = torch.nn.functional.conv2d(
            x, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups
        )
        return x


cnts = CompileCounter()
mod1 = Conv2d(64, 64, kernel_size=(2, 2), stride=(1, 1))
mod2 = Conv2d(64, 64, kernel_size=(2, 2), stride=(2, 2))
mod3 = Conv2d(64, 64, kernel_size=(2, 2), stride=(3, 3))
opt_mod1 = torch.compile(mod1, backend=cnts, fullgraph=True)
opt_mod2 = torch.compile(mod2, backend=cnts, fullgraph=True)
opt_mod3 = torch.compile(mod3, backend=cnts, fullgraph=True)

x = torch.randn(1, 64, 16, 16)
for m, opt_m in ((mod1, opt_mod1), (mod2, opt_mod2), (mod3, opt_mod3)):
    assert torch.allclose(opt_m(x), m(x), atol=1e-4)
assert cnts.frame_count == 3, cnts.frame_count
