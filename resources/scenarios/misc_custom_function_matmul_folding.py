# PyTorch test/dynamo/test_misc.py TestCustomFunction.test_autograd_function_with_matmul_folding_at_output
# and test_retain_grad: an autograd.Function returning torch.matmul of a (4, 1, 2) and a (2, 4)
# tensor (a folded matmul, a view) is changed in place by add_ and summed; its backward gives the
# same grad as plain matmul's; y.retain_grad() on a non-leaf input keeps y.grad after backward.
import torch
import torch._dynamo


class MatmulFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp1, inp2):
        ctx.save_for_backward(inp2)
        ctx.output_shape = inp1.size()
        return torch.matmul(inp1, inp2)

    @staticmethod
    def backward(ctx, grad_output):
        (inp2,) = ctx.saved_tensors
        return torch.mm(grad_output.squeeze(), inp2.t()).view(ctx.output_shape), None


def custom(inp1, inp2):
    res = MatmulFn.apply(inp1, inp2)
    res.add_(1.0)
    return res.sum()


def usual(inp1, inp2):
    res = torch.matmul(inp1, inp2)
    res.add_(1.0)
    return res.sum()


def keeps_grad(x, y):
    y.retain_grad()
    return torch.sin(y) + x


torch._dynamo.reset()
a = torch.randn(4, 1, 2, requires_grad=True)
b = a.detach().clone().requires_grad_(True)
inp2 = torch.randn(2, 4)
r1 = torch.compile(custom, backend="eager")(a, inp2)
r1.backward()
r2 = torch.compile(usual, backend="eager")(b, inp2)
r2.backward()
assert torch.allclose(r1, r2) and torch.allclose(a.grad, b.grad)

x = torch.randn(4, requires_grad=True)
y = torch.cos(x)
torch.compile(keeps_grad, backend="eager")(x, y).sum().backward()
assert y.grad is not None and torch.allclose(y.grad, torch.cos(y.detach()))
