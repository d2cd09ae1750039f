# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_GeneratorExit: GeneratorExit is
# a BaseException, not an Exception, so the second handler takes it. fullgraph=True; t.cos().
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise GeneratorExit
    except Exception:
        return t.sin()
    except BaseException:
        return t.cos()


t = torch.randn(2)
assert torch.equal(fn(t), t.cos())
