# The per-call cost of a compiled call on 1,000 floats (issue 9's "dispatch overhead gone" aim),
# split into its parts, one process, one thread: eager, the compiled call (guards included), the
# plan's kernels alone from C++ (call_native: what a cache hit runs after the guards), the same
# plan through the Python runner (ctypes), a compiled call with no graph (the capture core's own
# cost), and torch.empty_strided. Each figure: the fastest of 7 loops of 20,000 calls, in us.
# Usage: dynascope run bench/kernels/hotpath.py   (DYNASCOPE_KERNELS_NATIVE=0: the "before")
import gc
import time

import _dynascope_capture
import torch
import torch._inductor.config

import dynascope
from _dynascope_shim import kernels_backend

torch._inductor.config.async_compile = False
torch.set_num_threads(1)


def chain(a, b):
    return torch.relu(a * b + a).sin() * 2


def first(a, b):
    return a


def per_call(fn, n=20000, loops=7):
    best = float("inf")
    for _ in range(loops):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1e6


a, b = torch.randn(1000), torch.randn(1000)
compiled = torch.compile(chain)
for _ in range(3):
    torch.testing.assert_close(compiled(a, b), chain(a, b))
record = dynascope.kernel_records()[-1]
graph = next(o for o in gc.get_objects() if isinstance(o, kernels_backend.CompiledGraph))
plan = next(iter(graph.plans.values()))
no_graph = torch.compile(first)
no_graph(a, b)
args = (a, b)
figures = {"eager": per_call(lambda: chain(a, b)), "compiled call": per_call(lambda: compiled(a, b)),
           "Python runner (ctypes)": per_call(lambda: plan.run(args)),
           "compiled call without a graph": per_call(lambda: no_graph(a, b)),
           "torch.empty_strided": per_call(lambda: torch.empty_strided((1000,), (1,)))}
if plan.native is not None:
    figures["kernels from C++ (call_native)"] = per_call(
        lambda: _dynascope_capture.call_native(graph, args))
print(f"call path {record['call_path']}, allocator {_dynascope_capture.native_allocator()}")
for name, us in figures.items():
    print(f"{name:32} {us:7.2f} us")
print(f"eager / compiled call: {figures['eager'] / figures['compiled call']:.2f}x")
