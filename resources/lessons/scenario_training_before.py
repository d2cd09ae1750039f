# scenario_training_before.py: a training step whose Python `if` reads a tensor's value.
#
# `if h.abs().max() > 0.9` needs the number inside the tensor, which the tracer does not have:
# a graph break. It sits inside a loop, so the compiler gives up on the whole frame and every
# operation of the step runs outside a graph. The script measures the share of operations that
# ran outside graphs and the time per step.
import torch
from lesson_measure import report_graph_break_share

torch.manual_seed(0)


def train_step(x, w1, w2, target):
    h = torch.relu(x @ w1)
    for _ in range(3):
        h = torch.tanh(h @ w2)
        if h.abs().max() > 0.9:  # the branch depends on a value: graph break
            h = h * 0.5
    return ((h - target) ** 2).mean()


x, target = torch.randn(32, 64), torch.randn(32, 64)
w1, w2 = torch.randn(64, 64) * 0.2, torch.randn(64, 64) * 0.2
report_graph_break_share(train_step, x, w1, w2, target)
