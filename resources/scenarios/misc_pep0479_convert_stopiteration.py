# PyTorch test/dynamo/test_misc.py MiscTests.test_pep0479_convert_stopiteration: a StopIteration
# raised inside a generator becomes RuntimeError (PEP 479) and is caught by the compiled function
# under fullgraph=True: returns 100.
import torch
import torch._dynamo


def gen_raising():
    yield 1
    raise StopIteration("raised within generator")
    yield 2


def fn(t):
    try:
        gen = gen_raising()
        next(gen)
        next(gen)
    except RuntimeError:
        return 100
    except StopIteration:
        return 200


torch._dynamo.reset()
t = torch.randn(2)
assert fn(t) == 100
assert torch.compile(fn, backend="eager", fullgraph=True)(t) == 100
