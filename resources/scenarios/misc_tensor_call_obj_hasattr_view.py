# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_call_obj_hasattr_view: getattr(x, "view",
# None)(10) calls the tensor method under fullgraph=True; equals x.view(10).
import torch
import torch._dynamo


@torch.compile(fullgraph=True, backend="eager")
def fn(x):
    return getattr(x, "view", None)(10)


x = torch.randn(10)
assert torch.equal(fn(x), x.view(10))
