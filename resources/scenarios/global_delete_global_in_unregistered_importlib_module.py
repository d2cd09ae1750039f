# PyTorch test/dynamo/test_global.py test_delete_global_in_unregistered_importlib_module
# (TestDeleteGlobal):
# a function of a module that is not in sys.modules deletes its global (del flag). Without
# fullgraph the call gives x + 1 and the name is gone from the module. Under fullgraph Dynamo
# raises Unsupported ("DELETE_GLOBAL in non-module globals") before anything runs, since its
# replay imports the module by name; here the core holds the globals dict and deletes from it
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


flag = 1


def my_fn(x):
    global flag
    del flag
    return x + 1


fn = functools.partial(my_fn)
"""

module_name = "scenario_unregistered_delete_global_181243"
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
    assert same(torch.compile(mod.fn, backend="eager", fullgraph=True)(x), x + 1)
    assert "flag" not in mod.__dict__

    torch._dynamo.reset()
    mod.flag = 1
    compiled = torch.compile(mod.fn, backend="eager")
    assert same(compiled(x), x + 1)
    assert "flag" not in mod.__dict__
