# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_dict2: looping over .items(), .values()
# and .keys() of a tensor dict: three functions, 3 graphs, 9 ops (zeros + two in-place adds each).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn1(inputs):
    total = torch.zeros(1)
    for k, v in inputs.items():
        total += v
    return total


def fn2(inputs):
    total = torch.zeros(1)
    for v in inputs.values():
        total += v
    return total


def fn3(inputs):
    total = torch.zeros(1)
    for k in inputs.keys():
        total += inputs[k]
    return total


torch._dynamo.reset()
v1, v2 = torch.Tensor([100]), torch.Tensor([200])
cnts = CompileCounter()
for f in (fn1, fn2, fn3):
    assert torch._dynamo.optimize(cnts)(f)({"a": v1, "b": v2})[0] == 300
assert (cnts.frame_count, cnts.op_count) == (3, 9), (cnts.frame_count, cnts.op_count)
