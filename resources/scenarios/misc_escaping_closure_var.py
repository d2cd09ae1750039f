# PyTorch test/dynamo/test_misc.py MiscTests.test_escaping_closure_var_with_backward_hook and
# test_escaping_closure_var_with_nonlocal_var: a lambda registered as a tensor hook, and a nested
# function stored into an enclosing nonlocal, both close over a tensor made in the graph: the
# graph outputs the returned tensor and the captured one (2 outputs); the escaped function still
# returns the captured value, and backward runs the hook.
import torch
import torch._dynamo


def counting_backend(expected):
    def backend(gm, example_inputs):
        outputs = gm(*example_inputs)
        assert len(outputs) == expected, (len(outputs), expected)
        return gm

    return backend


def with_hook(x):
    temp = x * x
    captured_var = temp + 1
    x.register_hook(lambda _: captured_var)
    return temp


torch._dynamo.reset()
ones = torch.ones(4, requires_grad=True)
torch.compile(with_hook, backend=counting_backend(2))(ones).sum().backward()
assert torch.equal(ones.grad, torch.full((4,), 2.0)), ones.grad

def outer():
    holder = []

    def fn(x):
        nonlocal holder
        temp = x * x
        captured_var = x + 1

        def inner():
            return captured_var

        holder = inner
        return temp

    torch.compile(fn, backend=counting_backend(2))(torch.ones(4, requires_grad=True))
    return holder


got = outer()()
assert torch.equal(got.detach(), torch.full((4,), 2.0)), got
