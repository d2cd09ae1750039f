# PyTorch test/dynamo/test_misc.py MiscTests.test_closure_out_of_scope_cell (float cells
# specialised, as the test patches): cells of an outer frame read two calls deep: 1 graph, 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cell1 = torch.rand(1).item()
cell2 = torch.rand(3, 3)


def outer():
    def indirect():
        return direct()

    def direct():
        def inner():
            return cell1 + 1, cell2 + 3

        return inner()

    return indirect


torch._dynamo.reset()
cnts = CompileCounter()
r1, r2 = torch.compile(outer(), backend=cnts)()
assert abs(r1 - (cell1 + 1)) < 1e-6
assert torch.allclose(r2, cell2 + 3)
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
