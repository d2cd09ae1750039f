# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_param_order and
# test/dynamo/test_modules.py OptimizedModuleTest.test_buffer_order (guard_nn_modules each): a
# function weights each of a global module's parameters / buffers by its position (enumerate
# over parameters() and named_parameters(); buffers() and named_buffers()): one frame. Moving the
# first entry to the end of _parameters / _buffers changes the order, so the next call recompiles (2 frames); results equal eager's. (The buffer
# test registers them with torch.nn.Buffer, newer than torch 1.13; register_buffer here.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Params(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.param1 = torch.nn.Parameter(torch.ones([1]))
        self.param2 = torch.nn.Parameter(torch.ones([2]))


class Buffers(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("b1", torch.ones([1]))
        self.register_buffer("b2", torch.ones([2]))


params, buffers = Params(), Buffers()
coeffs = [2, 3]


def fn_params(x):
    for idx, p in enumerate(params.parameters()):
        x += p.sum() * coeffs[idx]
    for idx, p in enumerate(params.named_parameters()):
        x += p[1].sum() * coeffs[idx]
    return x


def fn_buffers(x):
    for idx, p in enumerate(buffers.buffers()):
        x += p.sum() * coeffs[idx]
    for idx, p in enumerate(buffers.named_buffers()):
        x += p[1].sum() * coeffs[idx]
    return x


for fn, store, first in ((fn_params, params._parameters, "param1"),
                         (fn_buffers, buffers._buffers, "b1")):
    torch._dynamo.reset()
    with torch._dynamo.config.patch(guard_nn_modules=True):
        cnts = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnts)
        ref, res = fn(torch.ones(1)), opt_fn(torch.ones(1))
        assert torch.equal(ref, res), (fn.__name__, ref, res)
        assert cnts.frame_count == 1, (fn.__name__, cnts.frame_count)

        store[first] = store.pop(first)
        ref, res = fn(torch.ones(1)), opt_fn(torch.ones(1))
        assert torch.equal(ref, res), (fn.__name__, ref, res)
        assert cnts.frame_count == 2, (fn.__name__, cnts.frame_count)
