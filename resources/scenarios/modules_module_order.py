# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_module_order (guard_nn_modules): a
# function enumerates a global module's modules(), named_modules(), children() and
# named_children(), looking each module up in a dict keyed by module, and weights it by its
# position: one frame. Moving linear1 to the end of _modules changes every order, so the next call
# recompiles (2 frames); results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Modules(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(3, 3)
        self.linear2 = torch.nn.Linear(10, 10)


modules = Modules()
coeffs = [2, 3, 4]
coeffs_for_mod = {modules: 10, modules.linear1: 20, modules.linear2: 30}

def fn_modules(x):
    for idx, p in enumerate(modules.modules()):
        x += coeffs_for_mod[p] * coeffs[idx]
    for idx, p in enumerate(modules.named_modules()):
        x += coeffs_for_mod[p[1]] * coeffs[idx]
    for idx, p in enumerate(modules.children()):
        x += coeffs_for_mod[p] * coeffs[idx]
    for idx, p in enumerate(modules.named_children()):
        x += coeffs_for_mod[p[1]] * coeffs[idx]
    return x


with torch._dynamo.config.patch(guard_nn_modules=True):
    cnts = CompileCounter()
    opt_fn = torch.compile(fn_modules, backend=cnts)
    ref, res = fn_modules(torch.ones(1)), opt_fn(torch.ones(1))
    assert torch.equal(ref, res), (ref, res)
    assert cnts.frame_count == 1, cnts.frame_count

    modules._modules["linear1"] = modules._modules.pop("linear1")
    ref, res = fn_modules(torch.ones(1)), opt_fn(torch.ones(1))
    assert torch.equal(ref, res), (ref, res)
    assert cnts.frame_count == 2, cnts.frame_count
