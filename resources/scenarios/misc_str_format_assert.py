# PyTorch test/dynamo/test_misc.py MiscTests.test_str_format_assert1 and test_str_format_assert2:
# torch._assert with an f-string message holding a shape, under fullgraph=True (1) and with a
# condition on two sizes (2): 1 graph, result img + sin(img); an input whose size fails the
# condition recompiles and raises AssertionError as eager does.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def tail_two(img):
    x = torch.sin(img)
    val = x.shape[-2:]
    torch._assert(len(val) == 2, f"shape {img.shape}")
    return img + x


def sized(img):
    x = torch.sin(img)
    torch._assert(img.shape[-2] == 8 and img.shape[-1] == 16, f"shape {img.shape}")
    return img + x


torch._dynamo.reset()
img1 = torch.randn(1, 1, 8, 8)
assert torch.allclose(torch.compile(tail_two, backend="eager", fullgraph=True)(img1), img1 + torch.sin(img1))

cnt = CompileCounter()
opt = torch.compile(sized, backend=cnt)
img2 = torch.randn(1, 3, 8, 16)
assert torch.allclose(opt(img2), img2 + torch.sin(img2))
assert cnt.frame_count == 1, cnt.frame_count
try:
    opt(torch.randn(1, 3, 8, 15))
    raise RuntimeError("expected AssertionError")
except AssertionError:
    pass
