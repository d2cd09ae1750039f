# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_user_defined_object2: `not obj` where the
# class's __bool__ returns a float raises CPython's TypeError ("__bool__ should return bool,
# returned float") from the compiled function.
import torch
import torch._dynamo


class MyObj:
    def __init__(self, x):
        self.x = x

    def __bool__(self):
        self.x = 1.2
        return self.x


def fn(a, obj):
    if not obj:
        return a + obj.x
    return a - obj.x


torch._dynamo.reset()
try:
    torch.compile(fn, backend="eager")(torch.rand(4), MyObj(0.5))
except TypeError as e:
    assert "__bool__ should return bool, returned float" in str(e), str(e)
else:
    raise AssertionError("a float from __bool__ must raise TypeError")
