# PyTorch test/dynamo/test_misc.py MiscTests.test_repr: repr() of an object with a user __repr__ is
# traced (fullgraph=True); x * len("Config()") equals eager.
import torch
import torch._dynamo


class Config:
    def __repr__(self):
        return "Config()"


def forward(x, config):
    return x * len(repr(config))


x = torch.randn(2, 2)
assert torch.equal(torch.compile(forward, fullgraph=True, backend="eager")(x, Config()), x * 8)
