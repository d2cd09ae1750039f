# add_relu.py: the smallest torch.compile demo: one function, two tensor ops, one graph.
#
# Under Dynascope the compiler captures `x + y` and `relu` into a single graph and hands it to the
# backend, which runs the graph's two ops. Step through it to watch the bytecode turn into graph
# nodes.
import torch

if not hasattr(torch, "compile"):
    # Plain python3.11 has torch 1.13, which has no torch.compile: run the function uncompiled
    # so the script still works (and prints the same result) outside Dynascope.
    torch.compile = lambda fn=None, **options: fn


@torch.compile
def add_relu(x, y):
    z = x + y  # element-wise add
    return torch.relu(z)  # negative entries become 0


x = torch.tensor([1.0, -2.0, 3.0, -4.0])
y = torch.tensor([0.5, 0.5, -5.0, 5.0])
print(add_relu(x, y))  # tensor([1.5000, 0.0000, 0.0000, 1.0000])
