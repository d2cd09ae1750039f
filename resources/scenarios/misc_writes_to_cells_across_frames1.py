# PyTorch test/dynamo/test_misc.py MiscTests.test_writes_to_cells_across_frames1: a cell of the
# enclosing scope incremented by a function passed to a method of an object made in the trace,
# which then reads the cell: the read sees 1, and the cell is 1 afterwards.
import torch
import torch._dynamo


def run():
    x = 0

    def inc_x():
        nonlocal x
        x += 1

    class MyObj:
        def inc_x_then_return_x(self, fn):
            fn()
            return x

    @torch.compile(backend="eager")
    def root(t):
        obj = MyObj()
        res = obj.inc_x_then_return_x(inc_x)
        return t + 1, res

    res = root(torch.zeros(1))
    assert torch.allclose(res[0], torch.ones(1))
    assert res[1] == 1, res[1]
    return x


torch._dynamo.reset()
assert run() == 1
