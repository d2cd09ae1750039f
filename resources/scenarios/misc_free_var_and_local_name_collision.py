# PyTorch test/dynamo/test_misc.py MiscTests.test_free_var_and_local_name_collision: a local named
# like another function's free variable does not shadow it: results (t + 1, 0, 10).
import torch
import torch._dynamo

x = 10


def make_func():
    def func():
        return x

    return func


@torch.compile(backend="eager")
def root(t):
    x = 0
    func = make_func()
    res = func()
    return t + 1, x, res


res = root(torch.ones(1))
assert torch.allclose(res[0], torch.ones(1) + 1)
assert res[1] == 0 and res[2] == 10, res
