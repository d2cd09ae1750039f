# PyTorch test/dynamo/test_misc.py MiscTests.test_scalar_device_movement: torch.add(2, 3, out=t)
# with two Python ints and a 0-d out tensor, fullgraph=True: the result (t holding 5.0) equals
# eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def add_fn(a, b, out):
    return torch.add(a, b, out=out)


torch._dynamo.reset()
ref = add_fn(2, 3, torch.tensor(0.0))
out = torch.tensor(0.0)
res = torch.compile(add_fn, backend="eager", fullgraph=True)(2, 3, out)
assert same(res, ref) and res.item() == 5.0 and out.item() == 5.0, (res, ref, out)
