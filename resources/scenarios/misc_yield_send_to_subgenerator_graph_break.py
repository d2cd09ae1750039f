# PyTorch test/dynamo/test_misc.py MiscTests.test_yield_send_to_subgenerator_graph_break: a
# generator function that sends a tensor into a subgenerator and yields from the result: no graph
# (frame_count 0), the yielded tensors equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def sub(tensor):
    multiplier = yield
    yield tensor * multiplier


def main_gen(t_list):
    for tensor in t_list:
        s = sub(tensor)
        next(s)
        yield from s.send(torch.tensor([10]))


torch._dynamo.reset()
t_list = [torch.tensor([i]) for i in range(5)]
expected = list(main_gen(t_list))
counter = CompileCounter()
got = list(torch.compile(main_gen, backend=counter)(t_list))
assert len(got) == len(expected) and all(torch.equal(a, b) for a, b in zip(got, expected))
assert counter.frame_count == 0, counter.frame_count
