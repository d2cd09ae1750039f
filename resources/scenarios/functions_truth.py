# PyTorch test/dynamo/test_functions.py FunctionTests.test_truth: operator.truth(x) and bool(y)
# under fullgraph (dynamic=False) for ints, floats, bools and one-element tensors give eager's
# result.
import operator

import torch
import torch._dynamo


def fn(x, y):
    return operator.truth(x) and bool(y)


opt_fn = torch.compile(fullgraph=True, dynamic=False)(fn)
for x, y in [(1, 100), (-1.1, True), (-1.1, 1.1), (True, False), (torch.ones(1), 1),
             (torch.zeros(1), 1), (torch.ones(1), torch.ones(1))]:
    assert opt_fn(x, y) == fn(x, y), (x, y)
