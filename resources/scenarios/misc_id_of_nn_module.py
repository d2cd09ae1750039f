# PyTorch test/dynamo/test_misc.py MiscTests.test_id_of_nn_module: `id(self) == ref_id` in a module's
# forward (fullgraph=True): with the module's own id the mul and the add are both graph ops
# (op_count 2), with another id only the add (op_count 1); results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class M(torch.nn.Module):
    def forward(self, x, ref_id):
        self_id = id(self)
        if self_id == ref_id:
            x = torch.mul(x, 1.0)
        x = torch.add(x, 1.0)
        return x


m = M().eval()
data = torch.randn(1)
for ref_id, ops in ((id(m), 2), (id(m) + 1, 1)):
    torch._dynamo.reset()
    cnts = CompileCounter()
    res = torch.compile(m, backend=cnts, fullgraph=True)(data, ref_id)
    assert same(res, m(data, ref_id))
    assert (cnts.frame_count, cnts.op_count) == (1, ops), (cnts.frame_count, cnts.op_count)
