# PyTorch test/dynamo/test_misc.py MiscTestsDevice.test_full_graph_capture_scalar_outputs:
# torch.randn(5) * a.item() under fullgraph=True no longer raises in PyTorch 2.4+ (Dynamo captures
# the item); here with capture_scalar_outputs=True, the result is 5 values, 2 * randn with the
# same seed.
import torch
import torch._dynamo


def foo(a):
    return torch.randn(5) * a.item()


torch._dynamo.reset()
with torch._dynamo.config.patch(capture_scalar_outputs=True):
    torch.manual_seed(0)
    got = torch.compile(foo, fullgraph=True, backend="eager")(torch.tensor(2.0))
torch.manual_seed(0)
assert torch.allclose(got, foo(torch.tensor(2.0)))
