# PyTorch test/dynamo/test_misc.py MiscTests.test_inference_mode_param: an nn.Parameter made in the
# trace from an inference-mode tensor (requires_grad=False), multiplied with it, compiled and
# called under torch.inference_mode (fullgraph=True): equals eager.
import torch
import torch._dynamo


def fn(x):
    p = torch.nn.Parameter(x, requires_grad=False)
    return x * p


torch._dynamo.reset()
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
with torch.inference_mode():
    x = torch.rand(4)
    assert torch.equal(opt_fn(x), fn(x))
