# warnings.catch_warnings in the trace (Dynamo's CatchWarningsCtxManagerVariable): a with-block
# over it compiles whole and leaves the warnings module as it found it; one returned unentered is
# a new catch_warnings object per call; what the trace cannot model (the record=True log bound
# with `as`, warnings issued by Python code, a break inside the block) leaves that region to
# CPython, so the warnings are filtered or recorded as in eager. Oracle: the same function run
# uncompiled. Runs under `dynascope run`.
import warnings

import torch
from capturecheck import breaks, compiled

x = torch.randn(4)


def block(x):
    with warnings.catch_warnings():
        y = x.sin()
    with warnings.catch_warnings(record=False) as nothing:
        z = y + 1
    return z, nothing


filters, showwarning = warnings.filters, warnings.showwarning
opt, cnt = compiled(block, fullgraph=True)
got, want = opt(x), block(x)
assert torch.allclose(got[0], want[0]) and got[1] is None and want[1] is None
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
assert warnings.filters is filters and warnings.showwarning is showwarning


# test_catch_watchings2's shape: returned unentered, rebuilt per call, and usable afterwards.
def made(x):
    return x.cos(), warnings.catch_warnings(record=True)


opt, cnt = compiled(made, fullgraph=True)
(_, a), (_, b) = opt(x), opt(x)
assert isinstance(a, warnings.catch_warnings) and a is not b and cnt.frame_count == 1
with a as log:
    warnings.warn("recorded")
assert [str(w.message) for w in log] == ["recorded"]


# The log bound with `as`, and warnings issued inside the block: CPython runs the block.
def recorded(x):
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("always")
        warnings.warn("inside")
        y = x + 1
    return y, [str(w.message) for w in log]


opt, cnt = compiled(recorded)
with warnings.catch_warnings(record=True) as outside:
    warnings.simplefilter("always")
    got, want = opt(x), recorded(x)
assert torch.allclose(got[0], want[0]) and got[1] == want[1] == ["inside"], (got, want)
assert outside == [], [str(w.message) for w in outside]
assert breaks(), "a named break expected"


def warns(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.warn("hidden")
        return x * 2


opt, cnt = compiled(warns)
with warnings.catch_warnings(record=True) as outside:
    warnings.simplefilter("always")
    assert torch.allclose(opt(x), warns(x))
assert outside == [], [str(w.message) for w in outside]
assert warnings.filters is filters

print("catch_warnings checks passed")
