# PyTorch test/dynamo/test_misc.py MiscTests.test_set_update: set.update(map(int, lst)) on an input
# set mutates it as eager does (fullgraph=True); the list is unchanged.
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def run(x, int_set, int_list):
    int_set.update(map(int, int_list))
    return x + 1


int_set = set()
int_list = [1, 2, 1]
assert torch.equal(run(torch.ones(1), int_set, int_list), torch.ones(1) + 1)
assert int_set == {1, 2}, int_set
assert int_list == [1, 2, 1]
