# PyTorch test/dynamo/test_misc.py MiscTests.test_top_package_import: `import torch.fx` inside the
# compiled function (already imported) and isinstance against torch.fx.Proxy, under
# optimize_assert; equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    import torch.fx

    assert not isinstance(x, torch.fx.Proxy)
    return torch.sin(x)


torch._dynamo.reset()
x = torch.randn(4, 5)
assert same(fn(x), torch._dynamo.optimize_assert(CompileCounter())(fn)(x))
