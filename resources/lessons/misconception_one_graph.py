# misconception_one_graph.py: not everything inside torch.compile becomes graph operations.
#
# The function mixes tensor work with writing a log line and reading Python's random module.
# Only the tensor operations go into graphs; the rest runs in the interpreter, and the tracer cuts
# the function where it meets it.
import io
import random

import torch

log = io.StringIO()


def noisy_scale(x, settings):
    y = x * settings["scale"]  # a dict read: traced (the value is guarded)
    log.write("scaled\n")  # writing to a Python object: interpreter
    jitter = random.random()  # Python's random module: interpreter
    return torch.tanh(y + jitter)


random.seed(0)
explanation = torch._dynamo.explain(noisy_scale)(torch.ones(4), {"scale": 2.0})
print(f"graphs: {explanation.graph_count}, graph breaks: {explanation.graph_break_count}")
for reason in explanation.break_reasons:
    print("break:", reason.reason)
