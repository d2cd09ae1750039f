# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_sequential_with, test_nested_sequential_try
# and test_nested_sequential_try_with: grad-mode blocks and try blocks nested and in sequence;
# each gives [3.0] from ones(1).
import torch
import torch._dynamo


def with_blocks(x):
    with torch.set_grad_enabled(True):
        with torch.set_grad_enabled(False):
            x = x + 1
        with torch.set_grad_enabled(True):
            x = x + 1
        return x


def try_blocks(x):
    try:
        try:
            x = x + 1
        except Exception:
            pass
        try:
            try:
                x = x + 1
            except Exception:
                pass
        except Exception:
            pass
    except Exception:
        pass
    return x


def try_with_blocks(x):
    with torch.set_grad_enabled(True):
        try:
            x = x + 1
        except Exception:
            pass
        try:
            with torch.set_grad_enabled(False):
                x = x + 1
        except Exception:
            pass
    return x


for fn in (with_blocks, try_blocks, try_with_blocks):
    assert torch.equal(torch.compile(fn, backend="eager")(torch.ones(1)), torch.tensor([3.0])), fn
