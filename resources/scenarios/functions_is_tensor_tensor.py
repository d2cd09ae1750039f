# PyTorch test/dynamo/test_functions.py FunctionTests.test_is_tensor_tensor and
# test/dynamo/test_functions.py FunctionTests.test_is_not_tensor_tensor and
# test/dynamo/test_functions.py FunctionTests.test_is_mutated_tensor_tensor and
# test/dynamo/test_functions.py FunctionTests.test_is_init_in_compile_mutated_tensor_tensor:
# `x is y` / `x is not y` between tensor arguments (distinct, then the same tensor twice: the
# aliasing is guarded), and between a tensor and the result of its own in-place add_ (the same
# object, also for a clone made in the trace), under fullgraph and dynamic=True, give eager's
# answers.
import torch
import torch._dynamo


def is_fn(x, y):
    if x is y:
        return x * 2
    else:
        return x + y


def is_not_fn(x, y):
    if x is not y:
        return x * 2
    else:
        return x + y


for fn in (is_fn, is_not_fn):
    torch._dynamo.reset()
    fn_opt = torch.compile(backend="eager", fullgraph=True, dynamic=True)(fn)
    x = torch.zeros(2)
    y = torch.ones(2)
    assert torch.equal(fn(x, y), fn_opt(x, y)), fn.__name__
    assert torch.equal(fn(x, x), fn_opt(x, x)), fn.__name__


def mutated(x):
    y = x.add_(1)
    return x is y, y is x


def init_in_compile(x):
    z = x.clone()
    y = z.add_(1)
    return y is z


for fn, shape in ((mutated, (4,)), (mutated, (4, 1)), (init_in_compile, (4, 1))):
    torch._dynamo.reset()
    fn_opt = torch.compile(backend="eager", fullgraph=True, dynamic=True)(fn)
    assert fn(torch.ones(shape)) == fn_opt(torch.ones(shape)), fn.__name__
