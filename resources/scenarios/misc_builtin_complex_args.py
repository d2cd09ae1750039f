# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_complex_args: complex() with arguments
# CPython rejects (three positionals, an unknown keyword, a list, a malformed string) inside a
# fullgraph=True function raises (Dynamo: Unsupported, as an exception in the traced code is
# a graph break; eager: TypeError/ValueError).
import torch
import torch._dynamo


def f(*args, **kwargs):
    return torch.tensor(complex(*args, **kwargs))


opt = torch.compile(f, backend="eager", fullgraph=True)
for args, kwargs in (((1, 1, 1), {}), ((1, 1), {"fake_arg": 1}), ((), {"fake_arg": 1}), (([],), {}),
                     (("1 + j",), {})):
    torch._dynamo.reset()
    try:
        opt(*args, **kwargs)
        raise AssertionError(f"expected Unsupported for {args} {kwargs}")
    except torch._dynamo.exc.Unsupported:
        pass
