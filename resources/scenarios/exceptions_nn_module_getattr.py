# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_nn_module_getattr: a subclass's
# __getattr__ calls the base class's through super(), which raises AttributeError for names it
# does not map; the subclass catches it and answers 30. Compiled with fullgraph=True, the
# product of three attribute reads equals eager's.
import torch


class Base:
    def __init__(self):
        self._b = 20

    def __getattr__(self, name):
        key = "_" + name
        if key in self.__dict__:
            return self.__dict__[key]
        raise AttributeError(f"{name} absent")


class Derived(Base):
    def __init__(self):
        self.a = 10

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return 30


obj = Derived()


def fn(x):
    return x * obj.a * obj.b * obj.c


x = torch.ones(4)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected), (got, expected)
