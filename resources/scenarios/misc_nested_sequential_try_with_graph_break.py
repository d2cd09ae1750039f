# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_sequential_try_with_graph_break: grad-mode
# with-blocks, a try block, and graph breaks inside them: 5.0 both ways; frame_count 1 when the
# break under `if n == 0` is taken, 3 when it is not (PyTorch's counts).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, n):
    with torch.set_grad_enabled(True):
        with torch.set_grad_enabled(False):
            x = x + 1
            torch._dynamo.graph_break()
        try:
            with torch.set_grad_enabled(False):
                x = x + 1
                if n == 0:
                    torch._dynamo.graph_break()
        except:  # noqa: E722
            pass
        with torch.set_grad_enabled(False):
            x = x + 1
            torch._dynamo.graph_break()
        x = x + 1
    return x


for n, frames in ((0, 1), (1, 3)):
    torch._dynamo.reset()
    counter = CompileCounter()
    assert torch.equal(torch.compile(fn, backend=counter)(torch.ones(1), n), torch.tensor([5.0]))
    assert counter.frame_count == frames, (n, counter.frame_count)
