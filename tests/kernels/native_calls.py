# The C++ call path of generated kernels (runtime/nativekernels.h): a graph of kernels only, and
# one with an extern matmul (called from C++ too unless DYNASCOPE_KERNELS_EXTERNS leaves mm out),
# are served from C++ after their first call. Every call is checked against eager; prints each
# record's call path, why not C++ where it is not, how many calls C++ served, and how outputs are
# allocated, as one JSON line.
import json

import _dynascope_capture
import torch
import torch._inductor.config

import dynascope

torch._inductor.config.async_compile = False
CALLS = 5


def chain(a, b):
    return torch.relu(a * b + a).sin() * 2


def linear(x, w):
    return torch.relu(x @ w)


a, b = torch.randn(1000), torch.randn(1000)
x, w = torch.randn(8, 16), torch.randn(16, 4)
compiled_chain, compiled_linear = torch.compile(chain), torch.compile(linear)
for _ in range(CALLS):
    torch.testing.assert_close(compiled_chain(a, b), chain(a, b))
    torch.testing.assert_close(compiled_linear(x, w), linear(x, w))
records = dynascope.kernel_records()
print("RECORD " + json.dumps({"paths": [r.get("call_path") for r in records],
                              "reasons": [r.get("call_path_reason", "") for r in records],
                              "native_calls": [r.get("native_calls", 0) for r in records],
                              "allocator": _dynascope_capture.native_allocator()}))
