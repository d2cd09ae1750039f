# inline_calls.py: helpers called from a compiled function are traced into its graph.
#
# scaled() and shifted() are ordinary Python functions; the tracer follows the calls and puts
# their operations into the caller's graph. countdown() calls itself; each call is one more level
# of inlining, and past the tracer's depth limit the call stays a call: a graph break.
import torch


def shifted(x):
    return x + 1


def scaled(x):
    return shifted(x) * 3


def countdown(x, n):
    if n == 0:
        return x
    return countdown(x - 1, n - 1)


@torch.compile
def shallow(x):
    return scaled(x).sin()


@torch.compile
def deep(x):
    return countdown(x, 20).cos()


print(shallow(torch.ones(2)))
print(deep(torch.ones(2)))
