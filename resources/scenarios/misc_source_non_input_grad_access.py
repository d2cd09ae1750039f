# PyTorch test/dynamo/test_misc.py MiscTests.test_source_non_input_grad_access: the .grad of a
# global model's parameters (filled by a backward before the call) read in the compiled function
# (fullgraph=True): equals eager, frame_count 1, op_count 3 (two ones, one add).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class TrivialModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(2, 1)

    def forward(self, x):
        return self.linear(x)


def fn(a, b):
    outs = []
    for param in model.parameters():
        outs.append(torch.ones(param.grad.size()))
    return outs, param.grad + 1


torch._dynamo.reset()
model = TrivialModel()
a = torch.ones([2, 2], requires_grad=True)
model(a).sum().backward()
ref = fn(a, torch.ones([2, 2]))

model = TrivialModel()
a = torch.ones([2, 2], requires_grad=True)
model(a).sum().backward()
cnts = CompileCounter()
res = torch.compile(fn, backend=cnts, fullgraph=True)(a, torch.ones([2, 2]))
assert same(ref[0], res[0])
assert same(res[1], model.linear.bias.grad + 1)
assert (cnts.frame_count, cnts.op_count) == (1, 3), (cnts.frame_count, cnts.op_count)
