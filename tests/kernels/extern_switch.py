# The extern ops beyond the matmuls (aten::convolution, addmv) called from C++ unless
# DYNASCOPE_KERNELS_EXTERNS leaves them out: a conv2d + ReLU graph and an addmv graph, each called
# three times against eager; prints each record's call path, why not C++ where it is not, how
# many calls C++ served, and which ops native_externs() says C++ calls, as one JSON line.
import json

import _dynascope_capture
import torch
import torch._inductor.config

import dynascope

torch._inductor.config.async_compile = False
CALLS = 3
F = torch.nn.functional


def conv(x, w, b):
    return F.relu(F.conv2d(x, w, b, padding=1))


def addmv(v, m, x):
    return torch.addmv(v, m, x).tanh()


cases = [(conv, (torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3), torch.randn(4))),
         (addmv, (torch.randn(5), torch.randn(5, 7), torch.randn(7)))]
for fn, args in cases:
    compiled = torch.compile(fn)
    for _ in range(CALLS):
        torch.testing.assert_close(compiled(*args), fn(*args), rtol=1e-4, atol=1e-5)
records = dynascope.kernel_records()
callable_ops = sorted(op for op, why in _dynascope_capture.native_externs().items() if why is None)
print("RECORD " + json.dumps({"paths": [r.get("call_path") for r in records],
                              "reasons": [r.get("call_path_reason", "") for r in records],
                              "native_calls": [r.get("native_calls", 0) for r in records],
                              "externs": callable_ops}))
