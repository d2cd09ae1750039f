# PyTorch test/dynamo/test_misc.py TestTracer.test_jit_save: a function that defines an nn.Module
# with @torch.jit.export __getstate__/__setstate__ and returns torch.jit.trace of it runs compiled
# as in eager: the traced module adds 3 to its input.
import torch
import torch._dynamo


def fn():
    class Foo(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = 3

        @torch.jit.export
        def __getstate__(self):
            return (3, self.training)

        @torch.jit.export
        def __setstate__(self, state):
            self.a = state[0]
            self.training = state[1]

        def forward(self, x):
            return x + self.a

    f = Foo()
    return torch.jit.trace(f, (torch.rand(3, 4),))


torch._dynamo.reset()
fn()
traced = torch.compile(fn, backend="eager")()
x = torch.rand(3, 4)
assert torch.equal(traced(x), x + 3)
