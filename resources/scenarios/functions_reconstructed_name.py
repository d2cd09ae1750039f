# PyTorch test/dynamo/test_functions.py FunctionTests.test_reconstructed_name: a nested function
# made in the compiled frame is passed to a torch._dynamo.disable'd function (a break that
# rebuilds the function object); the disabled function sees the same __name__ as in eager.
import torch
import torch._dynamo

lst = []


@torch._dynamo.disable
def disallowed(g):
    lst.append(g.__name__)


def f():
    def g():
        return ()

    disallowed(g)


opt_f = torch._dynamo.optimize(backend="eager")(f)
opt_f()
f()
assert len(lst) == 2, lst
assert lst[0] == lst[1], lst
