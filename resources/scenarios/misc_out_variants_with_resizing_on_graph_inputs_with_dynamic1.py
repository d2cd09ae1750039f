# PyTorch test/dynamo/test_misc.py MiscTests.test_out_variants_with_resizing_on_graph_inputs_with_dynamic1:
# a function passed in and called with *args: torch.mv, then a wrapper calling torch.mv(b, c,
# out=a) on an empty out tensor that it resizes: both equal eager's.
import torch
import torch._dynamo


def mv_out_op(a, b, c):
    torch.mv(b, c, out=a)
    return a


def fn(op, *args):
    return op(*args)


torch._dynamo.reset()
opt_fn = torch.compile(fn, backend="eager")
assert torch.equal(opt_fn(torch.mv, torch.ones(3, 3), torch.ones(3)),
                   fn(torch.mv, torch.ones(3, 3), torch.ones(3)))
ref = fn(mv_out_op, torch.empty(0), torch.ones(3, 3), torch.ones(3))
res = opt_fn(mv_out_op, torch.empty(0), torch.ones(3, 3), torch.ones(3))
assert torch.equal(ref, res), (ref, res)
