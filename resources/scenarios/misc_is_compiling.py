# PyTorch test/dynamo/test_misc.py MiscTests.test_is_compiling: torch._dynamo.is_compiling(),
# torch.compiler.is_compiling() and torch.compiler.is_dynamo_compiling() are False in eager and
# True in the compiled function (torch._utils.is_compiling is skipped: torch 1.13 lacks it).
import torch
import torch._dynamo


def f1():
    if torch._dynamo.is_compiling():
        return torch.ones(2, 2)
    return torch.zeros(2, 2)


def f3():
    if torch.compiler.is_compiling():
        return torch.ones(2, 2)
    return torch.zeros(2, 2)


def f4():
    if torch.compiler.is_dynamo_compiling():
        return torch.ones(2, 2)
    return torch.zeros(2, 2)


for f in (f1, f3, f4):
    assert torch.equal(f(), torch.zeros(2, 2)), f
    assert torch.equal(torch.compile(f, backend="eager")(), torch.ones(2, 2)), f
