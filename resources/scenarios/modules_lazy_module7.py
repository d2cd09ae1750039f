# PyTorch test/dynamo/test_modules.py NNModuleTests.test_lazy_module7: a lazy layer receives a
# NamedTuple whose field is a dict of a list of tensors (input.x["a"]); compiled with fullgraph
# before any eager call (its initialize_parameters reads input.x["a"][0].shape under no_grad),
# the result equals eager's.
from typing import Dict, List, NamedTuple

import torch
import torch._dynamo
from torch.nn.modules.lazy import LazyModuleMixin


class MyInput(NamedTuple):
    x: Dict[str, List[torch.Tensor]]
    y: torch.Tensor


class LazyLayerWithNamedTupleInput(LazyModuleMixin, torch.nn.Module):
    def __init__(self):
        super().__init__()

    def initialize_parameters(self, input):
        with torch.no_grad():
            self._param = torch.nn.Parameter(torch.empty(input.x["a"][0].shape).fill_(0.5))

    def forward(self, input):
        input = input.x["a"]
        x = 0
        for i in range(len(input)):
            x = x + input[i]
        return x


class LazyModuleWithNamedTupleInput(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = LazyLayerWithNamedTupleInput()

    def forward(self, input):
        return self.layer(input)


m = LazyModuleWithNamedTupleInput()
x = MyInput(x={"a": [torch.rand([5, 5])] * 3, "b": torch.rand([5, 5])}, y=torch.rand([5, 5]))
opt_m = torch.compile(backend="eager", fullgraph=True)(m)
res = opt_m(x)
ref = m(x)
assert torch.allclose(ref, res)
