# PyTorch test/dynamo/test_misc.py MiscTests.test_scalar_tensor_is_equivalent_to_symint_list_argument:
# torch.roll with int shifts computed from a module attribute, nested twice: equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Jitter(torch.nn.Module):
    def __init__(self, jitter_val):
        super().__init__()
        self.jitter_val = jitter_val

    def roll_tensor(self, input):
        h_shift = self.jitter_val - 1
        w_shift = self.jitter_val + 1
        return torch.roll(torch.roll(input, shifts=h_shift, dims=2), shifts=w_shift, dims=3)

    def forward(self, input):
        return self.roll_tensor(input)


torch._dynamo.reset()
x = torch.rand([4, 4, 4, 4])
m = Jitter(jitter_val=4)
assert same(torch.compile(backend="eager")(m)(x), m(x))
