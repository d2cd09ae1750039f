# Scenario: a compiled closure that mutates its own cell (`nonlocal count`) across calls. Each
# call must see the value the previous call stored: x + 1, then x + 2, then x + 3 - exactly as
# eager. (PyTorch test_recompiles.py test_automatic_dynamic_on_closed_ints: a changing closed-over
# int becomes dynamic after one recompile, so the counter costs 2 graphs, not one per call.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def make_counter():
    count = 0

    def step(x):
        nonlocal count
        count += 1
        return x + count

    return step


torch._dynamo.reset()
x = torch.zeros(3)
eager_step = make_counter()
compiled_step = make_counter()
cnt = CompileCounter()
opt = torch.compile(compiled_step, backend=cnt)
for _ in range(5):
    assert torch.equal(opt(x), eager_step(x))
assert cnt.frame_count == 2, cnt.frame_count
