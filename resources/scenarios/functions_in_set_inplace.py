# PyTorch test/dynamo/test_functions.py DefaultsTests.test_in_set_inplace: the results of in-place
# ops (a Tensor method and torch.Tensor.add_) are the tensor they changed, so membership in
# set([param2]) is by that identity: False in 1 frame (nopython), True with aliased inputs after a
# recompile (2 frames); results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

param = torch.zeros(5)
param2 = torch.zeros(5, 10)

tensor_list = set()
tensor_list.add(param2)
assert param not in tensor_list


def fn(param, param2):
    y = param.add_(1)  # Tensor method
    z = torch.Tensor.add_(y, 1)  # torch function
    tensor_list = set([param2])
    return y in tensor_list and z in tensor_list


cnts = CompileCounter()
opt_fn = torch._dynamo.optimize(cnts, nopython=True)(fn)
assert opt_fn(param, param2) == fn(param, param2)
assert cnts.frame_count == 1, cnts.frame_count
assert opt_fn(param, param) == fn(param, param)
assert cnts.frame_count == 2, cnts.frame_count
