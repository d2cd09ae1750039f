# PyTorch test/dynamo/test_misc.py MiscTests.test_write_to_closures_in_inlining: an inlined closure
# that rebinds its nonlocal tensor twice: 1 graph, 3 ops, same result as eager, and the cell is
# updated afterwards (a further call differs).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def make_counter():
    x = torch.randn(10)

    def counter():
        nonlocal x
        x = x + 1
        return x

    return counter


torch.manual_seed(0)
c_eager = make_counter()
expected = c_eager() + c_eager()

torch._dynamo.reset()
torch.manual_seed(0)
c_comp = make_counter()
cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def fn(counter):
    return counter() + counter()


got = fn(c_comp)
assert same(expected, got)
assert (cnts.frame_count, cnts.op_count) == (1, 3), (cnts.frame_count, cnts.op_count)
assert not same(c_comp() + c_comp(), got)
