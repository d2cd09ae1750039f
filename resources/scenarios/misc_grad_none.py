# PyTorch test/dynamo/test_misc.py MiscTests.test_grad_none and test_grad_non_none: `x.grad =
# abs(y)` then `x.grad.add_(y)` on an input whose grad is None, and `x.grad.add_(y)` on an input
# whose grad is set: the returned tensor and x.grad afterwards equal eager's. (PyTorch also checks
# that the add_ is in the graph, by the output node's inputs.)
import torch
import torch._dynamo


def set_then_add(x, y):
    x.grad = torch.abs(y)
    x.grad.add_(y)
    return torch.abs(y)


def add_to_grad(x, y):
    x.grad.add_(y)
    return torch.abs(y)


def run(fn, make_grad, y):
    x = torch.randn(2, 2)
    x.grad = make_grad()
    z = fn(x, y)
    ref = (z.clone(), x.grad.clone())
    x = torch.randn(2, 2)
    x.grad = make_grad()
    z = torch.compile(fn, backend="eager")(x, y)
    assert torch.equal(z, ref[0]) and torch.equal(x.grad, ref[1]), fn.__name__


torch._dynamo.reset()
run(set_then_add, lambda: None, torch.arange(4).reshape(2, 2).to(torch.float))
torch._dynamo.reset()
run(add_to_grad, lambda: torch.arange(4).reshape(2, 2).to(torch.float), torch.ones(2, 2))
