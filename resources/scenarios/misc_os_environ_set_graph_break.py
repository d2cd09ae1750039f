# PyTorch test/dynamo/test_misc.py MiscTests.test_os_environ_set_graph_break: assigning to
# os.environ[...] breaks the graph: 2 graphs (before and after), the variable is set and the
# result equals sin(x + 1).
import os

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts = CompileCounter()


@torch.compile(backend=cnts)
def fn(x):
    x = x + 1
    os.environ["DYNASCOPE_MISC_ENV_SET"] = "0"
    return torch.sin(x)


x = torch.ones(2, 3)
try:
    os.environ["DYNASCOPE_MISC_ENV_SET"] = "1"
    assert torch.allclose(fn(x), torch.sin(x + 1))
    assert os.environ["DYNASCOPE_MISC_ENV_SET"] == "0"
    assert cnts.frame_count == 2, cnts.frame_count
finally:
    os.environ.pop("DYNASCOPE_MISC_ENV_SET", None)
