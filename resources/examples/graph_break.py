# graph_break.py: a function the compiler has to cut in two.
#
# print() is not a tensor operation, so it cannot go into a graph: the compiler captures the code
# before it as graph 1, runs print() as ordinary Python, and captures the rest as graph 2.
import torch

if not hasattr(torch, "compile"):
    # Plain python3.11 (torch 1.13) has no torch.compile: run uncompiled outside Dynascope.
    torch.compile = lambda fn=None, **options: fn


@torch.compile
def scale_then_shift(x):
    y = x * 2  # graph 1
    print("halfway:", y.sum().item())  # graph break: print() runs in plain Python
    return y + 1  # graph 2


print(scale_then_shift(torch.ones(3)))  # halfway: 6.0, then tensor([3., 3., 3.])
