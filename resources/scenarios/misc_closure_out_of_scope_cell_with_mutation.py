# PyTorch test/dynamo/test_misc.py MiscTests.test_closure_out_of_scope_cell_with_mutation (float
# cells specialised, as the test patches): a float cell rebound and a tensor cell mutated in place
# two calls deep: each call is 1 graph of 3 ops (fullgraph) and the cells advance as in eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def make():
    cell1 = torch.rand(1).item()
    cell2 = torch.rand(3, 3)

    def indirect():
        return direct()

    def direct():
        def inner():
            nonlocal cell1, cell2
            x = cell2 + 1
            cell1 += 1
            cell2 += 10
            x = x + cell2
            return cell1, cell2, x

        return inner()

    return indirect, cell1, cell2.clone()


torch._dynamo.reset()
fn, orig1, orig2 = make()
cnts = CompileCounter()
opt = torch.compile(fn, backend=cnts, fullgraph=True)
for i in range(1, 4):
    r1, r2, _ = opt()
    assert abs(r1 - (orig1 + i)) < 1e-5, (r1, orig1 + i)
    assert torch.allclose(r2, orig2 + 10 * i)
    assert (cnts.frame_count, cnts.op_count) == (1, 3), (i, cnts.frame_count, cnts.op_count)
    cnts.clear()
