# PyTorch test/dynamo/test_misc.py MiscTests.test_raises_importerror1 and test_raises_importerror2:
# importing a missing module inside the compiled function raises ImportError, which a try/except
# in the function catches (then sin(x)); uncaught it reaches the caller.
import torch
import torch._dynamo


@torch.compile(backend="eager")
def caught(x):
    try:
        import dynascope_module_that_surely_does_not_exist  # noqa: F401

        return None
    except ImportError:
        pass
    return x.sin()


@torch.compile(backend="eager")
def uncaught(x):
    import dynascope_module_that_surely_does_not_exist  # noqa: F401

    return x + 1


x = torch.randn(8)
assert torch.allclose(caught(x), x.sin())
try:
    uncaught(x)
    raise SystemExit("expected ImportError")
except ImportError:
    pass
