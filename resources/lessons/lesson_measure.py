# lesson_measure.py: what the scenario scripts measure, in one place.
#
# CountingBackend is a torch.compile backend: it counts the graphs it is given (compiles) and the
# ops those graphs run (every call of a compiled graph adds its op count). eager_op_count counts
# the torch operations a plain, uncompiled call performs. Their difference is the work that ran
# outside any graph.
import random
import time

import torch
from torch.overrides import TorchFunctionMode

# Protocol calls a TorchFunctionMode also sees; they are not operations on tensor data.
_NOT_OPS = {"__get__", "__bool__", "__len__", "__index__", "__int__", "__float__", "__iter__",
            "__repr__", "__format__", "__hash__", "size", "dim"}


class _OpCounter(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if getattr(func, "__name__", "") not in _NOT_OPS:
            self.count += 1
        return func(*args, **(kwargs or {}))


def eager_op_count(fn, *args):
    """Torch operations one uncompiled call of fn(*args) performs."""
    counter = _OpCounter()
    with counter:
        fn(*args)
    return counter.count


class CountingBackend:
    """A backend that runs each graph as it is and counts compiles and ops run inside graphs."""

    def __init__(self):
        self.compiles = 0
        self.graph_runs = 0
        self.ops_in_graphs = 0

    def __call__(self, gm, example_inputs):
        self.compiles += 1
        ops = sum(1 for node in gm.graph.nodes
                  if node.op in ("call_function", "call_method", "call_module"))

        def run(*args):
            self.graph_runs += 1
            self.ops_in_graphs += ops
            return gm(*args)

        return run


def percentile(values, p):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def seconds_per_call(fn, *args, repeat=200):
    """Median wall time of one call over `repeat` calls, after one warm-up call."""
    fn(*args)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return percentile(times, 50)


def report_graph_break_share(fn, *args):
    """Prints the graph breaks of fn(*args), its ops inside and outside graphs, and its time."""
    import torch._dynamo

    backend = CountingBackend()
    compiled = torch.compile(fn, backend=backend)
    explanation = torch._dynamo.explain(fn)(*args)
    total = eager_op_count(fn, *args)
    before = backend.ops_in_graphs
    compiled(*args)
    inside = backend.ops_in_graphs - before
    print(f"graph breaks: {explanation.graph_break_count}")
    print(f"ops per step: {total}, inside graphs: {inside}, outside: {total - inside}")
    print(f"graph-break share of ops: {100.0 * (total - inside) / total:.0f}%")
    print(f"time per step: {seconds_per_call(compiled, *args) * 1e6:.0f} us")


def report_service(serve, prepare, requests=500, max_rows=256, features=32):
    """Sends `requests` batches of random size through serve compiled with static shapes, each
    made ready by prepare(batch); prints compiles, cache hit rate and latency percentiles."""
    random.seed(0)
    backend = CountingBackend()
    compiled = torch.compile(serve, backend=backend, dynamic=False)
    hits = compiles = uncompiled = 0
    latencies = []
    for _ in range(requests):
        request = torch.randn(random.randint(1, max_rows), features)
        compiles_before, runs_before = backend.compiles, backend.graph_runs
        start = time.perf_counter()
        compiled(prepare(request))[: request.shape[0]]
        latencies.append(time.perf_counter() - start)
        if backend.compiles > compiles_before:
            compiles += 1
        elif backend.graph_runs > runs_before:
            hits += 1
        else:
            uncompiled += 1
    print(f"requests: {requests}, compiles: {compiles}, recompiles: {max(0, compiles - 1)}, "
          f"ran uncompiled: {uncompiled}")
    print(f"cache hit rate: {100.0 * hits / requests:.0f}%")
    print(f"latency p50: {percentile(latencies, 50) * 1e3:.2f} ms, "
          f"p99: {percentile(latencies, 99) * 1e3:.2f} ms")
