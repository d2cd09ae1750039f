# PyTorch test/dynamo/test_functions.py FunctionTests.test_is_integer and
# test/dynamo/test_functions.py FunctionTests.test_number_method: float.is_integer() on a float
# argument decides a branch under fullgraph (2 * t for 1.0, t for 1.5); and for each method of
# int and float that takes no argument (as_integer_ratio, bit_length, conjugate, hex,
# is_integer), getattr(m, method)() on 0, 1 and 2.5 (as int or float) gives eager's result.
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def forward(t, m):
    return 2 * t if m.is_integer() else t


t = torch.tensor([1])
assert forward(t, 1.0).item() == 2
assert forward(t, 1.5).item() == 1

for method, num_type in (
    ("as_integer_ratio", int),
    ("bit_length", int),
    ("conjugate", int),
    ("as_integer_ratio", float),
    ("conjugate", float),
    ("hex", float),
    ("is_integer", float),
):
    torch._dynamo.reset()

    def forward_method(t, m):
        return 2 * t if getattr(m, method)() else t

    wrapped = torch.compile(backend="eager", fullgraph=True)(forward_method)
    for i in (0, 1, 2.5):
        m = num_type(i)
        t = torch.tensor([1])
        actual = wrapped(t, m)
        expected = forward_method(t, m)
        assert torch.equal(actual, expected), (method, num_type, i, actual, expected)
