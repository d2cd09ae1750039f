# PyTorch test/dynamo/test_misc.py MiscTests.test_return_nested_function: a nested function made in
# the compiled frame and returned, closing over its tensors and a nonlocal: calling it compiles its
# own frame; -459 and out 2100, frame_count 2, op_count 7.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def run():
    out = None

    def fn(a, b):
        nonlocal out
        c = a + b
        d = a + 1.0

        def fn2(f: int = 7, g: float = 9.0):
            nonlocal out
            out = a + b * 10
            return c * f - d * g

        return fn2

    v1 = torch.Tensor([100])
    v2 = torch.Tensor([200])
    cnts = CompileCounter()
    opt = torch._dynamo.optimize(cnts)(fn)
    inner = opt(v1, v2)
    assert torch._dynamo.optimize(cnts)(inner)(1.5)[0] == -459
    assert out[0] == 2100
    assert (cnts.frame_count, cnts.op_count) == (2, 7), (cnts.frame_count, cnts.op_count)


torch._dynamo.reset()
run()
