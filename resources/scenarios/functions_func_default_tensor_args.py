# PyTorch test/dynamo/test_functions.py DefaultsTests.test_func_default_tensor_args: a global
# function's default tensors (positional and keyword-only) are mutated in place (add_(1)) by
# eager and compiled calls in turn: both see the one default object (+1 per call). Two compiled
# calls compile once (1 frame, 2 ops); replacing __defaults__ with a new tensor recompiles
# (2 frames, 4 ops), and so does replacing __kwdefaults__ (3 frames, 6 ops).
from unittest.mock import patch

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def global_func_with_default_tensor_args(x=torch.zeros((2, 2)), *, kw_x=torch.zeros((1, 2))):
    x.add_(1)
    kw_x.add_(1)
    return x, kw_x


def func():
    return global_func_with_default_tensor_args()


cnts = CompileCounter()
compiled_func = torch.compile(func, backend=cnts)
for i in range(4):
    if i % 2 == 0:
        x, kw_x = func()
    else:
        x, kw_x = compiled_func()
    assert same(x, torch.ones_like(x) + i), (i, x)
    assert same(kw_x, torch.ones_like(kw_x) + i), (i, kw_x)
assert cnts.frame_count == 1, cnts.frame_count
assert cnts.op_count == 2, cnts.op_count

with patch.object(global_func_with_default_tensor_args, "__defaults__", (torch.ones((3, 4, 5)),)):
    x, kw_x = compiled_func()
    assert same(x, torch.ones((3, 4, 5)) + 1)
assert cnts.frame_count == 2, cnts.frame_count
assert cnts.op_count == 4, cnts.op_count

with patch.object(
    global_func_with_default_tensor_args, "__kwdefaults__", {"kw_x": torch.ones((3, 4, 5))}
):
    x, kw_x = compiled_func()
    assert same(kw_x, torch.ones((3, 4, 5)) + 1)
assert cnts.frame_count == 3, cnts.frame_count
assert cnts.op_count == 6, cnts.op_count
