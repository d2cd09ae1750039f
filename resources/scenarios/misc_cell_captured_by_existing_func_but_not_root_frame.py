# PyTorch test/dynamo/test_misc.py MiscTests.test_cell_captured_by_existing_func_but_not_root_frame:
# a helper called in the trace makes and calls a closure over a cell the compiled function does
# not own, and returns it with its result: x + x, and the returned closure still computes it.
import torch
import torch._dynamo


def run():
    x = torch.ones(1)

    def get_inner():
        def inner():
            return x + x

        return inner(), inner

    @torch.compile(backend="eager")
    def root():
        return get_inner()

    res, inner = root()
    assert torch.allclose(x + x, res)
    assert torch.allclose(inner(), res)


torch._dynamo.reset()
run()
