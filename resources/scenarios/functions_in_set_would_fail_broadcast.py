# PyTorch test/dynamo/test_functions.py DefaultsTests.test_in_set_would_fail_broadcast: `param in
# set([param2])` after param.add_(1) is found by identity (never by broadcasting ==): False in 1
# frame (nopython), and with param passed twice (aliased inputs) True after a recompile (2
# frames); results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

param = torch.zeros(5)
param2 = torch.zeros(5, 10)

tensor_list = set()
tensor_list.add(param2)
assert param not in tensor_list


def fn(param, param2):
    param.add_(1)
    tensor_list = set([param2])
    return param in tensor_list


cnts = CompileCounter()
opt_fn = torch._dynamo.optimize(cnts, nopython=True)(fn)
assert opt_fn(param, param2) == fn(param, param2)
assert cnts.frame_count == 1, cnts.frame_count
assert opt_fn(param, param) == fn(param, param)
assert cnts.frame_count == 2, cnts.frame_count
