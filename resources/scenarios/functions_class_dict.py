# PyTorch test/dynamo/test_functions.py FunctionTests.test_class_dict: `"x" in
# type(a).__dict__` (a class attribute, looked up in the class's mapping proxy) under
# fullgraph gives eager's branch.
import torch
import torch._dynamo


class A:
    x = 4
    y = 5

    def __init__(self):
        self.a = 6


a = A()


def fn(x):
    if "x" in type(a).__dict__:
        return x + 1
    return x + 2


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch.equal(fn(x), opt_fn(x))
