# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_dict1: a dict of tensors as input:
# inputs["a"] - inputs["b"] * 1.5; frame_count 1, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(inputs):
    return inputs["a"] - inputs["b"] * 1.5


torch._dynamo.reset()
cnts = CompileCounter()
assert torch._dynamo.optimize(cnts)(fn)({"a": torch.Tensor([100]), "b": torch.Tensor([200])})[0] == -200
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
