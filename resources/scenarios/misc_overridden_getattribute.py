# PyTorch test/dynamo/test_misc.py MiscTests.test_overridden_getattribute: an argument object with
# __setattr__ and __getattribute__ that map names through an attribute_map (read with
# super().__getattribute__), a __getattr__ fallback for "sentinel", and a nested object read
# through object.__getattribute__, fullgraph=True: result equals eager's.
import torch
import torch._dynamo


class Bar:
    def __init__(self, v):
        self.v = v


class Foo:
    attribute_map = {}

    def __init__(self):
        self.attribute_map = {"a_premap": "a"}
        self.bar = Bar(5)

    def __setattr__(self, key, value):
        if key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        super().__setattr__(key, value)

    def __getattribute__(self, key):
        if key == "sentinel":
            raise AttributeError()
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)

    def __getattr__(self, key):
        if key == "sentinel":
            return 5
        raise AttributeError()


def get_foo():
    f = Foo()
    f.a_premap = 2
    f.b = 3
    return f


def fn(x, f):
    return x * f.a_premap * f.a * f.b * f.sentinel * f.bar.v


torch._dynamo.reset()
x = torch.randn(4)
assert torch.allclose(torch.compile(fn, backend="eager", fullgraph=True)(x, get_foo()), fn(x, get_foo()))
