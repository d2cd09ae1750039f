# PyTorch test/dynamo/test_misc.py MiscTests.test_recursion_depth_guards: a compiled function
# called with 2000 positional ints (dynamic=True) whose sum decides the result: no crash from the
# length of the guard on them, and the result equals eager's.
import torch
import torch._dynamo


@torch.compile(dynamic=True, backend="eager")
def foo(*args, **kwargs):
    if sum(args) == 0:
        return 0
    return 1


torch._dynamo.reset()
args = list(range(2000))
assert foo(*args) == 1
assert foo(*([0] * 2000)) == 0
