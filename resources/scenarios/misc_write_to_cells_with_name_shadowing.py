# PyTorch test/dynamo/test_misc.py MiscTests.test_write_to_cells_with_name_shadowing: two cells
# named x (the outer one, and one made by make_x_get_set); the compiled function sets the inner
# one through set_x(42) and adds the outer one (0) (fullgraph=True): t + 0, and get_x() is 42.
import torch
import torch._dynamo


def run():
    x = 0
    y = x

    def make_x_get_set():
        x = y

        def set_x(v):
            nonlocal x
            x = v

        def get_x():
            return x

        return get_x, set_x

    get_x, set_x = make_x_get_set()

    @torch.compile(fullgraph=True, backend="eager")
    def fn(t):
        set_x(42)
        return t + x

    result = fn(torch.ones(1))
    assert torch.allclose(result, torch.ones(1))
    assert get_x() == 42, get_x()


torch._dynamo.reset()
run()
