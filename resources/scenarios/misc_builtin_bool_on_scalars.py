# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_bool_on_symint,
# test_builtin_bool_on_symfloat, test_builtin_bool_on_symbool and test_builtin_bool_on_tensor:
# with capture_scalar_outputs=True, bool(x.item()) of an int, float and bool one-element tensor,
# bool((mask == 0).all()) and bool(x) of 0-d tensors, under fullgraph=True: results equal
# eager's; bool() of a 3-element tensor raises RuntimeError compiled as in eager.
import torch
import torch._dynamo


def item_bool(x):
    return bool(x.item())


def all_zero(mask):
    return bool((mask == 0).all())


def plain_bool(x):
    return bool(x)


with torch._dynamo.config.patch(capture_scalar_outputs=True):
    for x in (torch.randint(10, (1,)), torch.randn(1), torch.randn(1) == 1, torch.tensor([0])):
        torch._dynamo.reset()
        assert torch.compile(item_bool, backend="eager", fullgraph=True)(x) == item_bool(x), x
    torch._dynamo.reset()
    opt_all = torch.compile(all_zero, backend="eager", fullgraph=True)
    for mask in (torch.zeros(2, 3), torch.tensor([[0, 1], [0, 0]])):
        assert opt_all(mask) == all_zero(mask), mask
    torch._dynamo.reset()
    opt_bool = torch.compile(plain_bool, backend="eager", fullgraph=True)
    for val in (42, 0, 3.14, 0.0):
        x = torch.tensor(val)
        assert opt_bool(x) == plain_bool(x), val
    for f in (plain_bool, opt_bool):
        try:
            f(torch.tensor([1, 2, 3]))
            raise AssertionError("expected RuntimeError")
        except RuntimeError:
            pass
