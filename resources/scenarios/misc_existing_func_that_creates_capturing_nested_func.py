# PyTorch test/dynamo/test_misc.py MiscTests.test_existing_func_that_creates_capturing_nested_func:
# a helper called in the trace returns a closure over a cell that the compiled function also
# reads (fullgraph=True): t + 0, and the returned closure still shares the live cell (it sees
# the caller's later x += 1).
import torch
import torch._dynamo


def run():
    x = 0

    def make_get_x():
        def get_x():
            return x

        return get_x

    @torch.compile(backend="eager", fullgraph=True)
    def root(t):
        get_x = make_get_x()
        res = t + x
        return res, get_x

    res, get_x = root(torch.ones(1))
    assert torch.allclose(res, torch.ones(1))
    assert get_x() == 0
    x += 1
    assert get_x() == 1


torch._dynamo.reset()
run()
