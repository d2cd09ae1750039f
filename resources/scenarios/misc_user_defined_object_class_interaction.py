# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_object_class_interaction: a Mock
# made in the trace calls its classmethod through self (bound to the class), which reads a class
# attribute holding another object; fullgraph=True, the result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Foo:
    x = 5


class Mock:
    class_variable = Foo()

    @classmethod
    def get_class_variable(cls):
        return cls.class_variable.x

    def run(self, x):
        return self.get_class_variable() * x


def fn(x):
    mock = Mock()
    return mock.run(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
