# PyTorch test/dynamo/test_misc.py MiscTests.test_iterator_limit: list() of an endless generator
# under fullgraph=True raises Unsupported ("infinite generator") instead of tracing forever.
import torch
import torch._dynamo


def fn(x):
    def gen():
        while True:
            yield x

    return list(gen())


torch._dynamo.reset()
try:
    torch.compile(fn, backend="eager", fullgraph=True)(torch.randn([0, 1, 2, 3, 4, 5]))
    raise RuntimeError("expected Unsupported")
except torch._dynamo.exc.Unsupported:
    pass
