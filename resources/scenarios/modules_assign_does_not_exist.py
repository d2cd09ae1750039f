# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_assign_does_not_exist: forward
# stores a tensor made in the graph on a new module attribute (self.text_encoding = x + 1) and
# returns it; after the compiled call the attribute is the very object returned.
import torch
import torch._dynamo


class MyModule(torch.nn.Module):
    def forward(self, x):
        self.text_encoding = x + 1
        return self.text_encoding


mod = MyModule()
x = torch.randn(10)
out = torch.compile(mod, fullgraph=True)(x)
assert mod.text_encoding is out
assert torch.allclose(out, x + 1)
