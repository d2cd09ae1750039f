# PyTorch test/dynamo/test_global.py TestGlobals.test_unregistered_importlib_module_globals: a
# module loaded with importlib but never put in sys.modules; torch.compile (fullgraph) of its
# functools.partial(my_fn, scale=2), which calls a helper through the module's globals, gives
# eager's result.
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo
from torch._dynamo.testing import same

SOURCE = """
import functools
import torch


def _helper(x, scale):
    return x.sin() * scale


def my_fn(x, scale):
    return _helper(x, scale)


fn = functools.partial(my_fn, scale=2)
"""

module_name = "scenario_unregistered_module_181243"
assert module_name not in sys.modules
with tempfile.TemporaryDirectory() as tmpdir:
    module_path = os.path.join(tmpdir, f"{module_name}.py")
    with open(module_path, "w") as f:
        f.write(SOURCE)
    spec = importlib.util.spec_from_file_location(module_name, module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert module_name not in sys.modules

    x = torch.randn(4, 4)
    compiled = torch.compile(mod.fn, backend="eager", fullgraph=True)
    assert same(compiled(x), mod.fn(x))
