# PyTorch test/dynamo/test_misc.py MiscTests.test_yield_from, test_yield_from_in_a_loop and
# test_yield_gen_and_from: generators with `yield from` (over a list, over another generator in a
# loop) consumed inside the compiled function: 1 graph, results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def scaled(t_list, k):
    def gen(items):
        doubled = [t * k for t in items]
        yield from doubled

    return [t * k for t in gen(t_list)]


def gen_one():
    yield 1


def gen_five():
    for _ in range(5):
        yield from gen_one()


def summed(x):
    c = 0
    for i in gen_five():
        c = c + i
    return x + c


torch._dynamo.reset()
t_list = [torch.randn([2, 3]) for _ in range(3)]
cnts = CompileCounter()
got = torch.compile(scaled, backend=cnts)(t_list, 2)
assert all(torch.equal(a, b) for a, b in zip(got, scaled(t_list, 2))) and len(got) == 3
assert cnts.frame_count == 1, cnts.frame_count
x = torch.zeros(4)
assert torch.equal(torch.compile(summed, backend="eager")(x), summed(x))
