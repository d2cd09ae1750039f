# PyTorch test/dynamo/test_misc.py MiscTests.test_returning_nested_func_with_captured_tensor,
# test_running_nested_func_with_captured_tensor, test_returning_func_with_captured_func_and_tensor
# and test_running_func_with_captured_func_and_tensor: a nested function closing over a tensor
# made in the graph (directly or through another nested function): returned, the graph outputs
# the captured tensor too (2 outputs); only called, the graph outputs just the result (1 output).
# The returned function still computes x + x afterwards.
import torch
import torch._dynamo


def counting_backend(expected):
    def backend(gm, example_inputs):
        outputs = gm(*example_inputs)
        assert len(outputs) == expected, (len(outputs), expected)
        return gm

    return backend


def returning():
    x = torch.rand(1)

    def func():
        return x + x

    return func, func()


def running():
    x = torch.rand(1)

    def func():
        return x + x

    return func()


def returning_nested():
    x = torch.rand(1)

    def nested():
        return x + x

    def func():
        return nested()

    return func, func()


def running_nested():
    x = torch.rand(1)

    def nested():
        return x + x

    def func():
        return nested()

    return func()


torch._dynamo.reset()
func, value = torch.compile(returning, backend=counting_backend(2))()
assert torch.equal(func(), value)
torch.compile(running, backend=counting_backend(1))()
func, value = torch.compile(returning_nested, backend=counting_backend(2))()
assert torch.equal(func(), value)
torch.compile(running_nested, backend=counting_backend(1))()
