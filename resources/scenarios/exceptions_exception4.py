# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception4: a try/except inside a loop that returns halfway: each
# iteration raises and catches, all unrolled into one graph.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    for i in range(10):
        if i == 5:
            return x
        try:
            x = torch.sin(x)
            raise NotImplementedError
        except Exception:
            x = torch.sigmoid(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
