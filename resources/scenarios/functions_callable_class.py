# PyTorch test/dynamo/test_functions.py FunctionTests.test_callable_class and
# test/dynamo/test_functions.py FunctionTests.test_callable_list: callable(arg) under fullgraph
# for instances of a class with and without __call__, ints, floats, bools, a tensor, a list and
# a tuple gives eager's answer (only the CallableClass instance is callable).
import torch
import torch._dynamo


class CallableClass:
    def __call__():
        pass


class NotCallableClass:
    pass


@torch.compile(backend="eager", fullgraph=True)
def fn1(x, arg):
    if callable(arg):
        return x
    return x + 1


@torch.compile(backend="eager", fullgraph=True)
def fn2(x, arg):
    if callable(arg):
        return x * 2
    return x + 1


inp = torch.randn(4)
for f in [fn1, fn2]:
    assert torch.equal(f(inp, NotCallableClass()), inp + 1)
    assert torch.equal(f(inp, CallableClass()), inp if f is fn1 else inp * 2)
    assert torch.equal(f(inp, 1), inp + 1)
    assert torch.equal(f(inp, 1.1), inp + 1)
    assert torch.equal(f(inp, True), inp + 1)
    assert torch.equal(f(inp, inp), inp + 1)

torch._dynamo.reset()


@torch.compile(backend="eager", fullgraph=True)
def fn(x, arg):
    if callable(arg):
        return x
    return x + 1


assert torch.equal(fn(inp, [1, 2, 3]), inp + 1)
assert torch.equal(fn(inp, (1, 2, 3)), inp + 1)
