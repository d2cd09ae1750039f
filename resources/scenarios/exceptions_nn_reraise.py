# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_nn_reraise: a module (with a forward
# pre-hook) whose forward raises ValueError, called from a compiled lambda: the ValueError reaches
# the caller (the test also reads Dynamo's compilation metrics, which Dynascope does not keep).
import torch


class Raises(torch.nn.Module):
    def forward(self, x):
        raise ValueError("woof")


m = Raises()
m.register_forward_pre_hook(lambda mod, inputs: None)
opt_call = torch.compile(lambda x: m(x), backend="eager")
try:
    opt_call(torch.randn(3))
except ValueError as e:
    assert str(e) == "woof", e
else:
    raise AssertionError("ValueError expected")
