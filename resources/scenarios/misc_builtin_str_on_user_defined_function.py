# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_str_on_user_defined_function: str() of a
# user function contains its name (fullgraph=True).
import torch
import torch._dynamo


def another_fn():
    pass


def fn():
    return "another_fn" in str(another_fn)


assert torch.compile(fn, fullgraph=True, backend="eager")() is True
