# One training step through backend="inductor" for the training tests of tst_kernels: a two-layer
# MLP compiled, its mse loss and loss.backward() (the compiled backward) outside; gradients checked
# against a copy of the model run eagerly; prints the forward and backward records (status, call
# path, why not C++, calls C++ served) as one line.
import copy
import json
import warnings

import torch
import torch._inductor.config

import dynascope

torch._inductor.config.async_compile = False
warnings.simplefilter("always")
torch.manual_seed(0)


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 4)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


model = MLP()
eager = copy.deepcopy(model)
x, y = torch.randn(8, 16), torch.randn(8, 4)
loss = torch.nn.functional.mse_loss(torch.compile(model)(x), y)
loss.backward()
expected = torch.nn.functional.mse_loss(eager(x), y)
expected.backward()
torch.testing.assert_close(loss, expected)
for p, q in zip(model.parameters(), eager.parameters()):
    torch.testing.assert_close(p.grad, q.grad)
assert type(loss.grad_fn.next_functions[0][0]).__name__ == "CompiledFunctionBackward"
parts = [r for r in dynascope.kernel_records() if r["part"]]
print("RECORD " + json.dumps({"parts": [r["part"] for r in parts],
                              "status": [r["status"] for r in parts],
                              "paths": [r.get("call_path") for r in parts],
                              "reasons": [r.get("call_path_reason", "") for r in parts],
                              "native_calls": [r.get("native_calls", 0) for r in parts],
                              "partition": parts[0].get("partition")}))
