# PyTorch test/dynamo/test_misc.py MiscTests.test_return_dict_with_graph_break_and_update:
# `{**create()}` where create() breaks the graph before returning {0: tensor(3)}: the dict comes
# back with key 0 and the tensor.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def create():
    torch._dynamo.graph_break()
    return {0: torch.tensor(3)}


def fn():
    return {**create()}


torch._dynamo.reset()
result = torch.compile(fn, backend="eager")()
assert list(result) == [0] and same(result[0], torch.tensor(3))
