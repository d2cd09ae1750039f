# PyTorch test/dynamo/test_misc.py MiscTests.test_id_tensor: id() of a module's tensor attribute
# compared with an argument (fullgraph=True): the matching branch each time (ones, then zeros),
# one frame per distinct id argument (frame_count 1, then 2).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.y1 = torch.ones(2)
        self.y2 = torch.zeros(2)
        self.ref_y1_id = id(self.y1)
        self.ref_y2_id = id(self.y2)

    def forward(self, x, ref_id):
        if ref_id == id(self.y1):
            x = torch.mul(x, self.y1)
        else:
            x = torch.mul(x, self.y2)
        return x


torch._dynamo.reset()
cnts = CompileCounter()
x = torch.ones(2)
m = M()
opt_m = torch.compile(m, backend=cnts, fullgraph=True)
assert torch.equal(opt_m(x, m.ref_y1_id), torch.ones(2))
assert cnts.frame_count == 1, cnts.frame_count
assert torch.equal(opt_m(x, m.ref_y2_id), torch.zeros(2))
assert cnts.frame_count == 2, cnts.frame_count
