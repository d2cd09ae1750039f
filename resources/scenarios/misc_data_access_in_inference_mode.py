# PyTorch test/dynamo/test_misc.py MiscTests.test_data_access_in_inference_mode: x.data of an
# inference-mode tensor, compiled and called inside torch.inference_mode (fullgraph=True):
# equals x.
import torch
import torch._dynamo


@torch.compile(fullgraph=True, backend="eager")
def f(x):
    y = x.data
    return y


torch._dynamo.reset()
with torch.inference_mode():
    x = torch.randn(3)
    y = f(x)
assert torch.equal(y, x)
