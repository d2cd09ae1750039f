# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_in_unregistered_importlib_module:
# a function of a module that is not in sys.modules stores a global (flag = scale); without
# fullgraph the call gives x + 2 and leaves the module's flag at 2. Under fullgraph Dynamo raises
# Unsupported ("STORE_GLOBAL in non-module globals": its replay reaches a module's globals by
# importing the module by name); here the core holds the globals dict itself and writes it
# directly, so the fullgraph call compiles and does the same (a deliberate difference).
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo
from torch._dynamo.testing import same

SOURCE = """
import functools


flag = 0


def my_fn(x, scale):
    global flag
    flag = scale
    return x + flag


fn = functools.partial(my_fn, scale=2)
"""

module_name = "scenario_unregistered_store_global_181243"
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
    assert same(torch.compile(mod.fn, backend="eager", fullgraph=True)(x), x + 2)
    assert mod.flag == 2, mod.flag
    mod.flag = 0

    compiled = torch.compile(mod.fn, backend="eager")
    assert same(compiled(x), x + 2)
    assert mod.flag == 2, mod.flag
