# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_missing_global and
# test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_twice and
# test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_created_then_deleted_twice:
# deleting a global that does not exist (absent from the start, already deleted in the same
# frame, or stored and deleted before) raises NameError in eager. Under fullgraph the compile
# fails with Unsupported (Dynamo: "Observed exception"); without fullgraph the graph breaks and
# the user sees the real NameError. After test_delete_global_twice the name is gone.
import torch
import torch._dynamo
from torch._dynamo.exc import Unsupported


def delete_missing(x):
    global _dg_a
    del _dg_a
    return x + 1


def delete_twice(x):
    global _dg_a
    del _dg_a
    del _dg_a  # noqa: F821
    return x + 1


def created_then_deleted_twice(x):
    global _dg_a
    _dg_a = 1
    del _dg_a
    del _dg_a  # noqa: F821
    return x + 1


def assert_delete_missing_global(fn):
    try:
        torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2, 2))
    except Unsupported:
        pass
    else:
        raise AssertionError(f"{fn.__name__}: fullgraph compiled a delete of a missing global")
    torch._dynamo.reset()
    try:
        torch.compile(fn, backend="eager")(torch.ones(2, 2))
    except NameError as e:
        assert "name '_dg_a' is not defined" in str(e), str(e)
    else:
        raise AssertionError(f"{fn.__name__}: no NameError")
    torch._dynamo.reset()


assert "_dg_a" not in globals()
assert_delete_missing_global(delete_missing)

globals()["_dg_a"] = 1
assert_delete_missing_global(delete_twice)
assert "_dg_a" not in globals()

assert_delete_missing_global(created_then_deleted_twice)
assert "_dg_a" not in globals()
