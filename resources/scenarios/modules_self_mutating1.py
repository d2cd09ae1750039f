# PyTorch test/dynamo/test_modules.py NNModuleTests.test_self_mutating1: a module that bumps its
# own int counter each call. Two wrappers around two instances (optimize_assert) give the same
# results as three eager calls; with static-by-default shapes the int attribute costs a second
# graph once it changes (then it is dynamic): frame_count 2.
import torch
import torch._dynamo
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class SelfMutatingModule(torch.nn.Module):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer
        self.counter = 0

    def forward(self, x):
        result = self.layer(x) + self.counter
        self.counter += 1
        return F.relu(result)


torch._dynamo.reset()
m1 = torch.nn.Linear(10, 10)
m2, m3, m4 = SelfMutatingModule(m1), SelfMutatingModule(m1), SelfMutatingModule(m1)
i = torch.randn(10)
out2 = [m2(i), m2(i), m2(i)]
cnt = CompileCounter()
opt_m3 = torch._dynamo.optimize_assert(cnt)(m3)
opt_m4 = torch._dynamo.optimize_assert(cnt)(m4)
out3 = [opt_m3(i), opt_m3(i), opt_m3(i)]
out4 = [opt_m4(i), opt_m4(i), opt_m4(i)]
assert same(out2, out3) and same(out2, out4)
assert m3.counter == m4.counter == 3
assert cnt.frame_count == 2, cnt.frame_count
