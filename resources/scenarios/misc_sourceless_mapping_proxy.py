# PyTorch test/dynamo/test_misc.py MiscTests.test_sourceless_mapping_proxy and
# test_sourceless_inspect_parameter: type.__dict__['__dict__'].__get__(Cls) (a mappingproxy made in
# the trace) has its len() taken, and an inspect.Parameter class attribute is read from it,
# fullgraph=True: results equal eager's.
import inspect

import torch
import torch._dynamo

get_dunder_dict = type.__dict__["__dict__"].__get__


class TwoAttrs:
    a = 1
    b = 2


class WithParam:
    param = inspect.Parameter("x", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=42)


def count(x):
    return x + len(get_dunder_dict(TwoAttrs))


def default_of(x):
    return x + get_dunder_dict(WithParam)["param"].default


t = torch.randn(3)
for fn in (count, default_of):
    torch._dynamo.reset()
    assert torch.equal(torch.compile(fn, backend="eager", fullgraph=True)(t), fn(t)), fn.__name__
