# PyTorch test/dynamo/test_misc.py MiscTests.test_conditional_list_comp_in_context: a list
# comprehension with an `is not None` filter inside a try block: the sines equal eager's.
import torch
import torch._dynamo


def fn(inp):
    try:
        return [torch.sin(x) for x in inp if x is not None]
    except Exception:
        pass


torch._dynamo.reset()
inp = [torch.randn(3, 3) for _ in range(3)] + [None]
got = torch.compile(fn, backend="eager")(inp)
assert len(got) == 3 and all(torch.allclose(a, b) for a, b in zip(got, fn(inp)))
