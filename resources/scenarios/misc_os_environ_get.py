# PyTorch test/dynamo/test_misc.py MiscTests.test_os_environ_get: os.environ.get(KEY) is read at
# trace time and guarded: changing the variable recompiles (frame_count 1 then 2), each result
# follows the variable's value.
import os

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def fn(x):
    if os.environ.get("DYNASCOPE_MISC_ENV") == "1":
        return x + 1
    return x - 1


x = torch.ones(2, 3)
saved = os.environ.get("DYNASCOPE_MISC_ENV")
try:
    os.environ["DYNASCOPE_MISC_ENV"] = "1"
    assert torch.equal(fn(x), x + 1)
    assert cnts.frame_count == 1, cnts.frame_count
    os.environ["DYNASCOPE_MISC_ENV"] = "0"
    assert torch.equal(fn(x), x - 1)
    assert cnts.frame_count == 2, cnts.frame_count
finally:
    if saved is None:
        os.environ.pop("DYNASCOPE_MISC_ENV", None)
    else:
        os.environ["DYNASCOPE_MISC_ENV"] = saved
