# PyTorch test/dynamo/test_misc.py MiscTests.test_id_guarded_module: id(self) inside forward compared
# with an int argument: the graph is tied to that module object (1 graph, 1 op); a second module
# compiles its own (2 graphs, 2 ops) and takes the other branch.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class M(torch.nn.Module):
    def forward(self, x, ref_id):
        if id(self) == ref_id:
            x = torch.mul(x, 1.0)
        else:
            x = torch.mul(x, 0)
        return x


torch._dynamo.reset()
cnts = CompileCounter()
x = torch.ones(2)
m1 = M()
opt1 = torch.compile(m1, backend=cnts, fullgraph=True)
assert torch.equal(opt1(x, id(m1)), torch.ones(2))
assert torch.equal(opt1(x, id(m1)), torch.ones(2))
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
m2 = M()
opt2 = torch.compile(m2, backend=cnts, fullgraph=True)
assert torch.equal(opt2(x, id(m1)), torch.zeros(2))
assert (cnts.frame_count, cnts.op_count) == (2, 2), (cnts.frame_count, cnts.op_count)
