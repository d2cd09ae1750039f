# PyTorch test/dynamo/test_misc.py MiscTests.test_scalar_tensor_is_equivalent_to_symint_argument:
# an int32 0-d Parameter passed as torch.topk's k: the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class GumbelTopKSampler(torch.nn.Module):
    def __init__(self, T, k):
        super().__init__()
        self.T = torch.nn.Parameter(torch.tensor(T, dtype=torch.float32), requires_grad=False)
        self.k = torch.nn.Parameter(torch.tensor(k, dtype=torch.int32), requires_grad=False)

    def sample_discrete(self, logits):
        threshold = torch.topk(logits, self.k, sorted=True)[0][..., -1]
        return torch.ge(logits.squeeze(1), threshold).float()

    def forward(self, logits):
        return self.sample_discrete(logits)


torch._dynamo.reset()
x = torch.rand([4, 4, 4, 4])
m = GumbelTopKSampler(T=4, k=4)
assert same(torch.compile(backend="eager")(m)(x), m(x))
