# PyTorch test/dynamo/test_functions.py DefaultsTests.test_dataclass_factory: dataclasses with
# field(default_factory=...) made inside the function (the generated __init__ inlined, the
# factories called), a dataclass method inlined, a field reassigned and a dict field written,
# then one dataclass returned and rebuilt. fullgraph=True, one graph, 5 ops; the returned
# dataclass and the tensor equal eager.
from dataclasses import dataclass, field
from typing import Dict, List

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


@dataclass
class Output:
    scalar: int = 2
    named_tensors: Dict[str, torch.Tensor] = field(default_factory=dict)
    lists: List[torch.Tensor] = field(default_factory=list)

    def scale(self):
        return self.scalar * 2


def fn(x):
    a = Output(1)
    scaled_value = a.scale()
    b = Output(5, named_tensors={"x": x})
    c = Output()
    if isinstance(a.named_tensors, dict):
        x = torch.sin(x)
    c.scalar = 6
    c.named_tensors["x"] = x
    return c, torch.cos(x) * scaled_value + b.named_tensors["x"] + c.scalar


torch._dynamo.reset()
cnts = CompileCounter()
compiled_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
eager_dataclass, out = fn(x)
compiled_dataclass, compiled_out = compiled_fn(x)
assert type(compiled_dataclass) is Output
assert eager_dataclass.scalar == compiled_dataclass.scalar
assert same(eager_dataclass.named_tensors["x"], compiled_dataclass.named_tensors["x"])
assert compiled_dataclass.lists == []
assert same(out, compiled_out)
assert (cnts.frame_count, cnts.op_count) == (1, 5), (cnts.frame_count, cnts.op_count)
