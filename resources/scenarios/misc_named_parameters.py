# PyTorch test/dynamo/test_misc.py MiscTests.test_named_parameters: list(mod.named_parameters())
# and with prefix="foo" (a submodule included) under fullgraph=True: names and tensors as eager.
import torch
import torch._dynamo


class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_emb = torch.nn.Embedding(65, 16)
        self.pos_emb = torch.nn.Parameter(torch.zeros(1, 8, 16))
        self.drop = torch.nn.Dropout(0.1)

    def forward(self, x):
        return x


class Outer(Inner):
    def __init__(self):
        super().__init__()
        self.submod2 = Inner()


mod = Outer()


@torch.compile(backend="eager", fullgraph=True)
def plain():
    return list(mod.named_parameters())


@torch.compile(backend="eager", fullgraph=True)
def prefixed():
    return list(mod.named_parameters(prefix="foo"))


for got, expected in ((plain(), list(mod.named_parameters())),
                      (prefixed(), list(mod.named_parameters(prefix="foo")))):
    assert [k for k, _ in got] == [k for k, _ in expected], got
    assert all(torch.equal(a, b) for (_, a), (_, b) in zip(got, expected))
