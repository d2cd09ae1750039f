# Scenario: config.cache_size_limit = 2 with static shapes: the first two sizes compile; later
# sizes exceed the limit, Dynamo warns ("hit config.cache_size_limit") and runs the function
# eagerly. frame_count 2, op_count 2 (one add each); every result is still right. The warning is
# accepted wherever it goes: the warnings module, the "torch._dynamo" logger, or sys.stderr.
import contextlib
import io
import logging
import warnings

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def fn(x):
    return x + 1


torch._dynamo.reset()
handler = Collect()
for name in ("", "torch._dynamo"):
    logging.getLogger(name).addHandler(handler)
stderr = io.StringIO()
saved = torch._dynamo.config.cache_size_limit
torch._dynamo.config.cache_size_limit = 2
try:
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt, dynamic=False)
    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stderr(stderr):
        warnings.simplefilter("always")
        for n in (2, 3, 4, 5, 2):
            x = torch.randn(n)
            assert torch.equal(opt(x), fn(x))
    assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
    said = [str(w.message) for w in caught] + handler.messages + [stderr.getvalue()]
    assert any("cache_size_limit" in m for m in said), said
finally:
    torch._dynamo.config.cache_size_limit = saved
    for name in ("", "torch._dynamo"):
        logging.getLogger(name).removeHandler(handler)
