# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_cross_file: the compiled
# function reads and rebinds a tensor global of another module (other.g_tensor_export =
# other.g_tensor_export + 1, a STORE_ATTR on the module); the store is replayed after the graph,
# so the next eager call reads the incremented tensor: eager - compiled == ones(10). (The other
# module is PyTorch's test/dynamo/utils.py; here a small module written to a temporary folder.)
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

with tempfile.TemporaryDirectory() as tmpdir:
    path = os.path.join(tmpdir, "scenario_cross_file.py")
    with open(path, "w") as f:
        f.write("import torch\n\ng_tensor_export = torch.ones(10)\n")
    spec = importlib.util.spec_from_file_location("scenario_cross_file", path)
    utils = importlib.util.module_from_spec(spec)
    sys.modules["scenario_cross_file"] = utils
    try:
        spec.loader.exec_module(utils)

        def fn(x):
            val = x + utils.g_tensor_export
            utils.g_tensor_export = utils.g_tensor_export + 1
            return val

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnts)
        res1 = opt_fn(x)
        res2 = fn(x)
        assert same(res2 - res1, torch.ones(10))
        assert torch.equal(utils.g_tensor_export, torch.ones(10) + 2)
    finally:
        del sys.modules["scenario_cross_file"]
