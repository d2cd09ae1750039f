# PyTorch test/dynamo/test_modules.py NNModuleTests.test_nn_moduledict_contains: `"foo" in
# self.module_dict` is decided at trace time (nopython): with the key, mul + add = 2 ops;
# without it, add = 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class M(torch.nn.Module):
    def __init__(self, module_dict):
        super().__init__()
        self.module_dict = module_dict

    def forward(self, x):
        if "foo" in self.module_dict:
            x = torch.mul(x, 1.0)
        x = torch.add(x, 1.0)
        return x


for key, ops in (("foo", 2), ("bar", 1)):
    torch._dynamo.reset()
    m = M(torch.nn.ModuleDict({key: torch.nn.Conv2d(1, 1, 1)}))
    data = torch.randn(1)
    out1 = m(data)
    cnt = CompileCounter()
    opt_m = torch._dynamo.optimize(cnt, nopython=True)(m)
    assert same(out1, opt_m(data))
    assert cnt.op_count == ops, (key, cnt.op_count)
