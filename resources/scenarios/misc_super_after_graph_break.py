# PyTorch test/dynamo/test_misc.py MiscTests.test_super_after_graph_break: a Sequential subclass
# whose __init__ breaks the graph before super().__init__(*layers), made and called in the
# compiled function: result equals eager's (same weights).
import torch
import torch._dynamo


class Stack(torch.nn.Sequential):
    def __init__(self, layers):
        torch._dynamo.graph_break()
        super().__init__(*layers)


layers = [torch.nn.Linear(3, 3) for _ in range(3)]


def fn(x):
    mod = Stack(layers)
    return mod(x)


torch._dynamo.reset()
x = torch.randn(3, 3)
assert torch.allclose(torch.compile(fn, backend="eager")(x), fn(x))
