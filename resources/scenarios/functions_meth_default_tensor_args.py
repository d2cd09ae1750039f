# PyTorch test/dynamo/test_functions.py DefaultsTests.test_meth_default_tensor_args: the same as
# test_func_default_tensor_args with the defaults on a submodule's forward, called through a
# compiled wrapper module: eager and compiled calls mutate the one default (+1 each); 1 frame /
# 2 ops, then new __defaults__ recompile (2 / 4) and new __kwdefaults__ (3 / 6).
from unittest.mock import patch

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class ModuleWithDefaultTensorArgsMethod(torch.nn.Module):
    def forward(self, x=torch.zeros((2, 2)), *, kw_x=torch.zeros((1, 2))):
        x.add_(1)
        kw_x.add_(1)
        return x, kw_x


class WrapperModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.m = ModuleWithDefaultTensorArgsMethod()

    def forward(self):
        return self.m()


mod = WrapperModule()
cnts = CompileCounter()
compiled_mod = torch.compile(mod, backend=cnts)
for i in range(4):
    if i % 2 == 0:
        x, kw_x = mod()
    else:
        x, kw_x = compiled_mod()
    assert same(x, torch.ones_like(x) + i), (i, x)
    assert same(kw_x, torch.ones_like(kw_x) + i), (i, kw_x)
assert cnts.frame_count == 1, cnts.frame_count
assert cnts.op_count == 2, cnts.op_count

with patch.object(ModuleWithDefaultTensorArgsMethod.forward, "__defaults__",
                  (torch.ones((3, 4, 5)),)):
    x, kw_x = compiled_mod()
assert cnts.frame_count == 2, cnts.frame_count
assert cnts.op_count == 4, cnts.op_count

with patch.object(ModuleWithDefaultTensorArgsMethod.forward, "__kwdefaults__",
                  {"kw_x": torch.ones((3, 4, 5))}):
    x, kw_x = compiled_mod()
assert cnts.frame_count == 3, cnts.frame_count
assert cnts.op_count == 6, cnts.op_count
