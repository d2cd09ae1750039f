# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_user_defined_dict_attr_clear: len() of a
# user object's dict attribute, then clear() (fullgraph=True): the result uses the old length and
# the object's dict is empty.
import torch
import torch._dynamo


class Holder:
    def __init__(self):
        self.a = {"a": torch.randn(2, 2), "b": torch.randn(2, 2)}


def f(obj, inp):
    ret = len(obj.a) + inp
    obj.a.clear()
    return obj.a, ret


m = Holder()
t = torch.ones(1)
d, ret = torch.compile(f, backend="eager", fullgraph=True)(m, t)
assert len(m.a) == 0 and len(d) == 0
assert torch.equal(ret, t + 2)
