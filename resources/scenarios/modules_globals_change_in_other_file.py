# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_globals_change_in_other_file: a
# fullgraph function calls, through a helper in another module, a function that increments two
# globals of this file, then a function of the other module that increments that module's own
# global and returns x * it; the result reads all three updated globals (x * 1 * (1 + 1 + 1)),
# and after the call each global is 1 in its own module: the stores are replayed into the right
# module's dict. (The other module is PyTorch's test_functions.py; here a small module written to
# a temporary folder and imported.)
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo

OTHER = """
_variable = 0


def update_global(x):
    global _variable
    _variable += 1
    return x * _variable


def call(fn):
    return fn()
"""

_variable = 0
_variable1 = 0


def update_global():
    global _variable, _variable1
    _variable += 1
    _variable1 += 1


with tempfile.TemporaryDirectory() as tmpdir:
    path = os.path.join(tmpdir, "scenario_other_globals.py")
    with open(path, "w") as f:
        f.write(OTHER)
    spec = importlib.util.spec_from_file_location("scenario_other_globals", path)
    other = importlib.util.module_from_spec(spec)
    sys.modules["scenario_other_globals"] = other
    try:
        spec.loader.exec_module(other)

        @torch.compile(backend="eager", fullgraph=True)
        def fn(x):
            other.call(update_global)
            a = other.update_global(x)
            return x * a * (_variable + _variable1 + other._variable)

        res = fn(torch.ones(10))
        assert _variable == 1, _variable
        assert _variable1 == 1, _variable1
        assert other._variable == 1, other._variable
        assert torch.equal(res, 3 * torch.ones(10)), res
    finally:
        del sys.modules["scenario_other_globals"]
