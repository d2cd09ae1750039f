# Scenario: a custom backend receives a GraphModule and the example inputs. The graph of
# `torch.sin(x) + y.cos()` has placeholders for x and y, call nodes sin and cos and add, and an
# output; gm.code is printable Python; the backend's returned callable is what runs.
import operator

import torch
import torch._dynamo

seen = {}
calls = []


def my_backend(gm, example_inputs):
    seen["ops"] = [n.op for n in gm.graph.nodes]
    seen["targets"] = [n.target for n in gm.graph.nodes if n.op == "call_function"]
    seen["shapes"] = [tuple(t.shape) for t in example_inputs]
    seen["code"] = gm.code

    def run(*args):
        calls.append(len(args))
        return gm(*args)

    return run


def fn(x, y):
    return torch.sin(x) + y.cos()


torch._dynamo.reset()
x, y = torch.randn(2, 3), torch.randn(2, 3)
opt = torch.compile(fn, backend=my_backend)
for _ in range(3):
    assert torch.allclose(opt(x, y), fn(x, y))
assert seen["ops"] == ["placeholder", "placeholder", "call_function", "call_method",
                       "call_function", "output"], seen["ops"]
assert seen["targets"] == [torch.sin, operator.add], seen["targets"]
assert seen["shapes"] == [(2, 3), (2, 3)]
assert "def forward(" in seen["code"] and "torch.sin" in seen["code"]
assert calls == [2, 2, 2]
