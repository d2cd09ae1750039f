# PyTorch test/dynamo/test_misc.py MiscTests.test_getattr_dict: a function-local `from ... import`
# of a module-level dict (torch.masked's _MASKEDTENSOR_FUNCTION_TABLE) and len() of it, under
# fullgraph=True: the result equals eager's. (PyTorch 2 imports torch.masked.maskedtensor with
# torch; torch 1.13 does not, so the script imports it first, as PyTorch's process has it.)
import torch
import torch.masked.maskedtensor._ops_refs  # noqa: F401
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    from torch.masked.maskedtensor._ops_refs import _MASKEDTENSOR_FUNCTION_TABLE

    return x * len(_MASKEDTENSOR_FUNCTION_TABLE)


torch._dynamo.reset()
i = torch.randn(5)
assert same(torch.compile(fn, backend="eager", fullgraph=True)(i), fn(i))
