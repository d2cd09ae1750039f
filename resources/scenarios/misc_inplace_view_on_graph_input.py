# PyTorch test/dynamo/test_misc.py MiscTests.test_inplace_view_on_graph_input: in-place view
# methods (resize_, t_, transpose_, squeeze_, unsqueeze_, swapaxes_, swapdims_, as_strided_,
# detach_) on a graph input followed by mul_(2): the shape equals eager's, one frame, and only
# mul_ is a graph op (the in-place view itself runs outside the graph). rename_ and
# resize_as_ of PyTorch's list are left out: named tensors and resize_as_ on a fresh tensor
# are not part of what this checks.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cases = [
    (lambda x: x.resize_(6).mul_(2), lambda: torch.ones(4)),
    (lambda x: x.t_().mul_(2), lambda: torch.rand(2, 3)),
    (lambda x: x.transpose_(0, 1).mul_(2), lambda: torch.rand(2, 3)),
    (lambda x: x.squeeze_().mul_(2), lambda: torch.rand(1, 2, 3)),
    (lambda x: x.unsqueeze_(0).mul_(2), lambda: torch.rand(2, 3)),
    (lambda x: x.swapaxes_(0, 1).mul_(2), lambda: torch.rand(2, 3)),
    (lambda x: x.swapdims_(0, 1).mul_(2), lambda: torch.rand(2, 3)),
    (lambda x: x.as_strided_((3, 2), (2, 1)).mul_(2), lambda: torch.zeros(2, 3)),
    (lambda x: x.detach_().mul_(2), lambda: torch.zeros(2, 3)),
]
for func, make in cases:
    torch._dynamo.reset()
    args = make()
    args_clone = args.clone()
    cnts = CompileCounter()
    ref = func(args)
    res = torch.compile(func, backend=cnts)(args_clone)
    assert ref.shape == res.shape, (ref.shape, res.shape)
    assert args.shape == args_clone.shape
    assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
