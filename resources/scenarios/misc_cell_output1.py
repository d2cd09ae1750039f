# PyTorch test/dynamo/test_misc.py MiscTests.test_cell_output1: a `nonlocal out` store of a tensor
# in the compiled function is written to the cell: out == 1100, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

out = None


def run():
    out = None

    def fn(a, b):
        nonlocal out
        out = a + b * 10

    v = torch.Tensor([100])
    cnts = CompileCounter()
    assert torch._dynamo.optimize(cnts)(fn)(v, v) is None
    assert out[0] == 1100, out
    assert cnts.op_count == 2, cnts.op_count


torch._dynamo.reset()
run()
