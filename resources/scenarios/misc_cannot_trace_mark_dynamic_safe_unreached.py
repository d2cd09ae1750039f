# PyTorch test/dynamo/test_misc.py MiscTests.test_cannot_trace_mark_dynamic_safe_unreached: a
# torch._dynamo.mark_dynamic call on a branch the input never takes (x.shape[0] == 3) does not
# stop the compile: x is returned.
import torch
import torch._dynamo


def my_dyn_fn(x):
    if x.shape[0] == 3:
        return x
    print("Running", torch._dynamo.mark_dynamic(x, 0))
    return x * x


torch._dynamo.reset()
y = torch.randn([3, 3, 3])
assert torch.compile(my_dyn_fn, backend="eager")(y) is y
