# PyTorch test/dynamo/test_misc.py MiscTestsDevice.test_dynamic_float_scalar_tensor_coersion: a
# compiled method (fullgraph=True) reads float attributes of a class made with type(...) and builds
# torch.tensor(pad_val) and torch.tensor(pad_val + 1) for torch.where; after pad_val changes the
# next call recompiles rather than crashing, and both results equal eager's.
import torch
import torch._dynamo


class Padder:
    def __init__(self):
        self.config = type("Config", (), {"pad_val": 1123581321.0, "tolerance": 1e-6})

    def forward(self, input):
        return torch.where(
            torch.abs(input - self.config.pad_val) < self.config.tolerance,
            torch.tensor(self.config.pad_val, dtype=input.dtype, device=input.device),
            torch.tensor(self.config.pad_val + 1, dtype=input.dtype, device=input.device),
        )


torch._dynamo.reset()
foo = Padder()
compiled = torch.compile(Padder.forward, fullgraph=True, backend="eager")
inputs = torch.randn(3, 4)
assert torch.equal(compiled(foo, inputs), foo.forward(inputs))
foo.config.pad_val += 1.0
assert torch.equal(compiled(foo, inputs), foo.forward(inputs))
