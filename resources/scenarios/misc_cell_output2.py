# PyTorch test/dynamo/test_misc.py MiscTests.test_cell_output2: as cell_output1 with an unsupported
# call first: the store after the break still reaches the cell; out == 1200, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same
from torch._dynamo.testing import unsupported


def run():
    out = None

    def fn(a, b):
        nonlocal out
        c = unsupported(a, b)
        out = a + b * 10 + c

    v = torch.Tensor([100])
    cnts = CompileCounter()
    assert torch._dynamo.optimize(cnts)(fn)(v, v) is None
    assert out[0] == 1200, out
    assert cnts.op_count == 3, cnts.op_count


torch._dynamo.reset()
run()
