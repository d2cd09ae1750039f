# The guards chapter's inference service: a compiled model answers requests whose batch size is
# random. Shapes are guarded (dynamic=False), so a new batch size fails the guard
#     shape(x) = (n, 32)
# and recompiles until the cache is full; after that such requests run uncompiled.
#   1. serve_raw:     every request as it comes
#   2. serve_padded:  each batch padded with zero rows to a multiple of 64: four shapes in all
#   3. serve_dynamic: torch._dynamo.mark_dynamic(x, 0): the batch size is a symbol s0
# Run it, then open View > Guards & Cache (or `dynascope explain guards_padding.py`): each
# function's hit rate and every recompile with the guard that failed, as measured in this run.
import contextlib
import io
import random

import torch

if not hasattr(torch, "compile"):
    # Plain python3.11 (torch 1.13) has no torch.compile: run uncompiled outside Dynascope.
    torch.compile = lambda fn=None, **options: fn
mark_dynamic = getattr(getattr(torch, "_dynamo", None), "mark_dynamic", lambda tensor, dim: None)

torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)
).eval()


def serve_raw(x):
    return model(x).softmax(dim=-1)


def serve_padded(x):
    return model(x).softmax(dim=-1)


def serve_dynamic(x):
    return model(x).softmax(dim=-1)


def pad_to_64(x):
    missing = -x.shape[0] % 64
    return torch.cat([x, x.new_zeros(missing, x.shape[1])]) if missing else x


raw = torch.compile(serve_raw, backend="eager", dynamic=False)
padded = torch.compile(serve_padded, backend="eager", dynamic=False)
dynamic = torch.compile(serve_dynamic, backend="eager")

requests = [torch.randn(random.Random(i).randint(1, 200), 32) for i in range(120)]
# serve_raw fills its cache and says so on stderr ("hit config.cache_size_limit"); the Guards
# view lists that warning with its fix, so here it is kept off the terminal, and the script
# prints the same under Dynascope and plain Python.
with torch.no_grad(), contextlib.redirect_stderr(io.StringIO()):
    for x in requests:
        n = x.shape[0]
        expected = serve_raw(x)
        assert torch.allclose(raw(x), expected, atol=1e-6)
        assert torch.allclose(padded(pad_to_64(x))[:n], expected, atol=1e-6)
        y = x.clone()
        mark_dynamic(y, 0)
        assert torch.allclose(dynamic(y), expected, atol=1e-6)

print(f"served {len(requests)} requests three ways (raw, padded to 64, mark_dynamic): "
      "the answers agree")
