# Scenario: an exception inside a backend surfaces as BackendCompilerFailed naming the cause.
import torch
import torch._dynamo


def broken(gm, example_inputs):
    raise ValueError("backend exploded")


torch._dynamo.reset()
try:
    torch.compile(lambda x: x + 1, backend=broken)(torch.ones(2))
except torch._dynamo.exc.BackendCompilerFailed as e:
    assert "backend exploded" in str(e)
else:
    raise AssertionError("a failing backend must raise")
