# PyTorch test/dynamo/test_recompiles.py test_automatic_dynamic_tensor_scalar_change: an int
# argument that changes is a dynamic int from the second compile on. Here it is packed into a
# tuple and a list that are only unpacked or indexed, and returned inside a tuple with an int
# computed from it (Dynamo keeps SymNodeVariables in its TupleVariable/ListVariable and returns
# them as graph outputs): six values, frame_count 2, results (tensor and ints) against eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x, n):
    pair = (n, n + 1)
    first, second = pair
    items = [second, first * 2]
    return x * items[0] + items[1], (first, items[1] - second)


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
x = torch.randn(5)
for n in (2, 3, 4, 5, -1, 3):
    got, want = opt_fn(x, n), fn(x, n)
    assert same(got[0], want[0]) and got[1] == want[1], (n, got, want)
    assert all(type(v) is int for v in got[1]), got[1]
assert cnt.frame_count == 2, cnt.frame_count
