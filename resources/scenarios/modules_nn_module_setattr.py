# PyTorch test/dynamo/test_modules.py NNModuleTests.test_nn_module_setattr: an int attribute of
# a module argument is guarded (dynamic=False): after m.var = 1 the function recompiles and
# returns inp + 1, never the stale inp.
import torch
import torch._dynamo


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.var = 0


@torch.compile(backend="eager", dynamic=False)
def f(x, m):
    return x + m.var


torch._dynamo.reset()
inp = torch.ones(3)
m = Mod()
assert torch.equal(f(inp, m), inp)
m.var = 1
assert torch.equal(f(inp, m), inp + 1)
