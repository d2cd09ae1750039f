# PyTorch test/dynamo/test_misc.py MiscTests.test_scalar_tensor_is_equivalent_to_int_list_argument:
# input.permute(*t) with t a tensor made in the trace (its 0-d elements as the dims): equals
# eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyModel(torch.nn.Module):
    def forward(self, input):
        permute = torch.tensor([0, 2, 1])
        return input.permute(*permute)


torch._dynamo.reset()
x = torch.randn(2, 3, 4)
m = MyModel()
assert same(torch.compile(backend="eager")(m)(x), m(x))
