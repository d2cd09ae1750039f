# PyTorch test/dynamo/test_functions.py FunctionTests.test_pos: operator.pos(x) * +y under
# fullgraph and dynamic=True, for tensor/int, int/tensor, ints, floats, bools and tensor/float
# arguments, gives eager's result.
import operator

import torch
import torch._dynamo


def fn(x, y):
    return operator.pos(x) * +y


opt_fn = torch.compile(fullgraph=True, dynamic=True)(fn)


def check(x, y):
    ref, res = fn(x, y), opt_fn(x, y)
    if isinstance(ref, torch.Tensor):
        assert torch.equal(ref, res), (x, y)
    else:
        assert ref == res and type(ref) is type(res), (x, y, ref, res)


check(torch.ones(4), 1)
check(1, torch.ones(4))
check(-1, -1)
check(-1.1, 1.1)
check(True, False)
check(torch.ones(4, dtype=torch.float32), 1.1)
