# PyTorch test/dynamo/test_functions.py DefaultsTests.test_dataclass_nested: a dataclass deriving
# from another (the generated __init__ sets the base's fields and a default_factory field), made
# inside the function; fullgraph=True, the result equals eager.
from dataclasses import dataclass, field
from typing import Any

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


@dataclass
class Base:
    outer_a: int
    outer_b: int


@dataclass
class Derived(Base):
    inner_a: Any = field(default_factory=list)


def fn(x):
    l = Derived(1, 2)
    return l.outer_a * x


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(4)
assert same(fn(x), opt_fn(x))
assert cnts.frame_count == 1, cnts.frame_count
