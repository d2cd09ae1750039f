# PyTorch test/dynamo/test_misc.py MiscTests.test_yield_from_user_stop_iteration: `yield from` a
# user iterator whose __next__ raises StopIteration(value): no graph (frame_count 0), the list of
# tensors equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Walker:
    def __init__(self, seq):
        self.seq = seq
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.index += 1
        if self.index <= len(self.seq):
            return self.seq[self.index - 1]
        raise StopIteration(self.index)


def fn(seq):
    def gen(items):
        yield from Walker(items)

    return [i for i in gen(seq)]


torch._dynamo.reset()
seq = [torch.randn([2, 3]) for _ in range(3)]
counter = CompileCounter()
got = torch.compile(fn, backend=counter)(seq)
assert len(got) == 3 and all(a is b for a, b in zip(got, seq))
assert counter.frame_count == 0, counter.frame_count
