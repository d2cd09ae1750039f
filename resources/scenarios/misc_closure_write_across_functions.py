# PyTorch test/dynamo/test_misc.py MiscTests.test_closure_write_across_functions: two cells of the
# enclosing scope written by different functions called in the trace (one sets z, a function
# made in the trace then copies z into k): afterwards z == 3 and k == 3 in the caller's scope.
import torch
import torch._dynamo


def run():
    z = 1
    k = 2

    def create_fn():
        def fn(x):
            nonlocal k, z
            k = z

        return fn

    def update_z_and_run_fn(fn, x):
        nonlocal z
        z = 3
        fn(x)
        return x.cos()

    @torch.compile(backend="eager")
    def foo(x):
        fn = create_fn()
        return update_z_and_run_fn(fn, x)

    x = torch.randn(1)
    out = foo(x)
    assert torch.allclose(out, x.cos())
    return z, k


torch._dynamo.reset()
assert run() == (3, 3)
