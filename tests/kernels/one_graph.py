# One compiled graph for the build/cache failure-path tests: checks the result against eager
# (whatever happened to the build) and prints the graph's kernel record as one JSON line.
import json
import warnings

import torch
import torch._inductor.config

import dynascope

torch._inductor.config.async_compile = False
warnings.simplefilter("always")


def f(a, b):
    return torch.relu(a * b + a).sin() * 2


a, b = torch.randn(1000), torch.randn(1000)
torch.testing.assert_close(torch.compile(f)(a, b), f(a, b))
record = dynascope.kernel_records()[-1]
print("RECORD " + json.dumps({k: record[k] for k in ("status", "cache", "path", "times")}))
