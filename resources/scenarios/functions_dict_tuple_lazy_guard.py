# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_tuple_lazy_guard: fn reads only
# y[1]; changing another entry of the dict argument ({1: 1, 2: 3}) or other items of the tuple
# argument ((11, 2, 13)) must not recompile (the test runs those calls under error_on_recompile;
# here the frame count is checked: 1 after both dict calls, 2 after both tuple calls).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x, y):
    return torch.sin(x) * y[1]


x = torch.randn(3)
assert torch.allclose(fn(x, {1: 1, 2: 2}), torch.sin(x))
assert torch.allclose(fn(x, {1: 1, 2: 3}), torch.sin(x))
assert cnt.frame_count == 1, cnt.frame_count

assert torch.allclose(fn(x, (1, 2, 3)), torch.sin(x) * 2)
assert torch.allclose(fn(x, (11, 2, 13)), torch.sin(x) * 2)
assert cnt.frame_count == 2, cnt.frame_count
