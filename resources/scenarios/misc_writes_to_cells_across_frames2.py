# PyTorch test/dynamo/test_misc.py MiscTests.test_writes_to_cells_across_frames2: a function called
# in the trace increments a cell of the enclosing scope, then calls a method that reads the same
# cell: the read sees 1, and the cell is 1 afterwards.
import torch
import torch._dynamo


def run():
    x = 0

    def inc_x_and_get_x(obj):
        nonlocal x
        x += 1
        return obj.get_x()

    class MyObj:
        def get_x(self):
            return x

    @torch.compile(backend="eager")
    def root(t):
        obj = MyObj()
        res = inc_x_and_get_x(obj)
        return t + 1, res

    res = root(torch.zeros(1))
    assert torch.allclose(res[0], torch.ones(1))
    assert res[1] == 1, res[1]
    return x


torch._dynamo.reset()
assert run() == 1
