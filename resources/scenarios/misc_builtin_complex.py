# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_complex: complex() with no, positional and
# keyword arguments, from a string, and .conjugate(), added to a tensor (fullgraph=True); equals
# eager.
import torch
import torch._dynamo


def f(x):
    values = (complex(), complex(1), complex(2, 3), complex(imag=2), complex(real=1),
              complex(imag=1, real=2), complex("1+2j"), complex(1, 2).conjugate())
    return [x + z for z in values]


x = torch.randn(1)
got = torch.compile(f, backend="eager", fullgraph=True)(x)
assert all(torch.equal(a, b) for a, b in zip(got, f(x))) and len(got) == 8
