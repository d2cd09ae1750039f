# PyTorch test/dynamo/test_misc.py MiscTests.test_class_duner_mro: `ModuleA in type(mod).__mro__`
# for a module of a subclass of ModuleA (fullgraph=True): True, x + 1 as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class ModuleA(torch.nn.Module):
    pass


class ModuleB(ModuleA):
    pass


def fn(x, mod):
    if ModuleA in type(mod).__mro__:
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.rand(2, 3)
mod = ModuleB()
assert same(torch.compile(backend="eager", fullgraph=True)(fn)(x, mod), x + 1)
