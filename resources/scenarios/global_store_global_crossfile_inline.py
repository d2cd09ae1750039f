# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_crossfile_inline: inlined
# functions of another module set that module's global flag (STORE_GLOBAL in the callee's
# globals): after fn_set_true the flag is True; after fn (set True, then False) it is False.
# (The other module is PyTorch's mock_store_global_crossfile_inline.py; here a module of the same
# content written to a temporary folder.)
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo

MOCK = """
global_flag = False


def set_flag_true():
    global global_flag
    global_flag = True


def set_flag_false():
    global global_flag
    global_flag = False
"""

with tempfile.TemporaryDirectory() as tmpdir:
    path = os.path.join(tmpdir, "scenario_mock_crossfile.py")
    with open(path, "w") as f:
        f.write(MOCK)
    spec = importlib.util.spec_from_file_location("scenario_mock_crossfile", path)
    mock = importlib.util.module_from_spec(spec)
    sys.modules["scenario_mock_crossfile"] = mock
    try:
        spec.loader.exec_module(mock)

        @torch.compile(backend="eager")
        def fn(x):
            mock.set_flag_true()
            mock.set_flag_false()
            return x + 1

        @torch.compile(backend="eager")
        def fn_set_true(x):
            mock.set_flag_true()
            return x + 1

        assert torch.equal(fn_set_true(torch.ones(2, 2)), torch.ones(2, 2) + 1)
        assert mock.global_flag is True
        assert torch.equal(fn(torch.ones(2, 2)), torch.ones(2, 2) + 1)
        assert mock.global_flag is False
    finally:
        del sys.modules["scenario_mock_crossfile"]
