# Scenario: training steps through backend="inductor" (AOTAutograd: a compiled forward and a
# compiled backward): each step's loss and every parameter's gradient equal the eager model's,
# with some inputs that need no gradient (x, y) and a frozen bias; one graph for all steps.
# forward = fc1, relu, fc2, mse_loss = 4 ops.
import copy

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(6, 8)
        self.fc2 = torch.nn.Linear(8, 3)

    def forward(self, x, y):
        return torch.nn.functional.mse_loss(self.fc2(torch.relu(self.fc1(x))), y)


torch.manual_seed(0)
torch._dynamo.reset()
eager = Net()
eager.fc2.bias.requires_grad_(False)
compiled_copy = copy.deepcopy(eager)
cnt = CompileCounterWithBackend("inductor")
opt = torch.compile(compiled_copy, backend=cnt)
for step in range(3):
    x, y = torch.randn(5, 6), torch.randn(5, 3)
    for p, q in zip(eager.parameters(), compiled_copy.parameters()):
        p.grad = q.grad = None
    expected, got = eager(x, y), opt(x, y)
    expected.backward()
    got.backward()
    assert torch.allclose(got, expected, rtol=1e-4, atol=1e-6), (step, got, expected)
    for (name, p), q in zip(eager.named_parameters(), compiled_copy.parameters()):
        assert (p.grad is None) == (q.grad is None), (step, name)
        assert p.grad is None or torch.allclose(q.grad, p.grad, rtol=1e-4, atol=1e-6), (step, name)
assert compiled_copy.fc2.bias.grad is None
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
