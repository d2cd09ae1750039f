# PyTorch test/dynamo/test_misc.py MiscTests.test_list_iterator_contains and test_iter_type: `in` over
# a partly consumed list iterator, and isinstance(iter([]), list) (fullgraph=True); equal eager.
import torch
import torch._dynamo


def contains(x):
    it = iter(["my_weight", "not_my_weight"])
    next(it)
    if "my_weight" in it:
        return x + 2
    return x + 1


def iter_type(y):
    if isinstance(iter([]), list):
        return y + 1
    return y + 2


x = torch.zeros(3)
assert torch.equal(contains(x), torch.compile(contains, backend="eager", fullgraph=True)(x))
assert torch.equal(torch.compile(iter_type, backend="eager", fullgraph=True)(torch.ones(2)),
                   torch.ones(2) + 2)
