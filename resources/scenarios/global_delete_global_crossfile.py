# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_crossfile_inline and
# test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_crossfile_created_then_deleted and
# test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_crossfile_then_store and
# test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_crossfile_then_store_multi:
# inlined functions of another module delete that module's globals (DELETE_GLOBAL in the
# callee's globals), under fullgraph: a plain delete leaves the name absent; a store then a
# delete of a new name leaves it absent; `del g; g = 7` leaves 7; `del g; g_new = 2; g = 3`
# leaves both values. (The test's module is mock_store_global_crossfile_inline.py; here a module
# with the same functions written to a temporary folder. Dynamo's replay keeps a re-stored name's
# position in the module dict; here the delete and the store replay in order, as eager runs
# them, so only the values are checked.)
import importlib.util
import os
import sys
import tempfile

import torch
import torch._dynamo

MOCK = """
delete_value = True
delete_then_store_value = 1
delete_then_store_multi = 1


def delete_value_fn():
    global delete_value
    del delete_value


def store_then_delete_missing_fn():
    global store_then_delete_missing_value
    store_then_delete_missing_value = 1
    del store_then_delete_missing_value


def delete_then_store_value_fn():
    global delete_then_store_value
    del delete_then_store_value
    delete_then_store_value = 7


def delete_then_store_multi_fn():
    global delete_then_store_multi, delete_then_store_multi_new
    del delete_then_store_multi
    delete_then_store_multi_new = 2
    delete_then_store_multi = 3
"""

with tempfile.TemporaryDirectory() as tmpdir:
    path = os.path.join(tmpdir, "scenario_mock_delete_crossfile.py")
    with open(path, "w") as f:
        f.write(MOCK)
    spec = importlib.util.spec_from_file_location("scenario_mock_delete_crossfile", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["scenario_mock_delete_crossfile"] = mod
    try:
        spec.loader.exec_module(mod)
        x = torch.ones(2, 2)

        @torch.compile(backend="eager", fullgraph=True)
        def fn_delete(x):
            mod.delete_value_fn()
            return x + 1

        assert torch.equal(fn_delete(x), x + 1)
        assert "delete_value" not in mod.__dict__

        @torch.compile(backend="eager", fullgraph=True)
        def fn_store_delete(x):
            mod.store_then_delete_missing_fn()
            return x + 1

        assert torch.equal(fn_store_delete(x), x + 1)
        assert "store_then_delete_missing_value" not in mod.__dict__

        @torch.compile(backend="eager", fullgraph=True)
        def fn_delete_store(x):
            mod.delete_then_store_value_fn()
            return x + 1

        assert torch.equal(fn_delete_store(x), x + 1)
        assert mod.delete_then_store_value == 7

        @torch.compile(backend="eager", fullgraph=True)
        def fn_delete_store_multi(x):
            mod.delete_then_store_multi_fn()
            return x + 1

        assert torch.equal(fn_delete_store_multi(x), x + 1)
        assert mod.delete_then_store_multi == 3
        assert mod.delete_then_store_multi_new == 2
    finally:
        del sys.modules["scenario_mock_delete_crossfile"]
