# capture_add_relu.py: one compiled function; its graph has placeholders, two ops and an output.
import torch


@torch.compile
def add_relu(a, b):
    c = a + b  # becomes a call_function node
    return torch.relu(c)  # so does this


x = torch.tensor([2.0, -1.0, 0.5])
y = torch.tensor([1.0, -3.0, 0.5])
print("compiled:", add_relu(x, y))
print("eager:   ", torch.relu(x + y))
