# The load of a cached kernel as the first kernel of a fresh process, with and without
# kernels_build.preload (libmvec and the cache key's fixed parts loaded on a thread when the
# backend starts). Each child does what the backend does for one graph: preload (unless told
# not to), trace with make_fx, lower, generate, then build() — a cache hit, whose time is the
# record's "load" — timed in wall time and in this thread's CPU time (the machine is shared:
# wall time counts the moments the thread waited for a core). Fill the cache first (a run of
# generator.py or dynascope bench with the same XDG_CACHE_HOME), then:
#   XDG_CACHE_HOME=C /usr/bin/python3.11 bench/kernels/cachedload.py [--runs N]
import os
import statistics
import subprocess
import sys
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
shim = types.ModuleType("_dynascope_shim")
shim.__path__ = [os.path.join(HERE, "..", "..", "core", "engine", "backends", "inductor")]
sys.modules["_dynascope_shim"] = shim

import torch  # noqa: E402

from _dynascope_shim import kernels_build as build  # noqa: E402
from _dynascope_shim import kernels_codegen as codegen  # noqa: E402
from _dynascope_shim import kernels_lower as lower  # noqa: E402
from _dynascope_shim import kernels_schedule as sched  # noqa: E402

F = torch.nn.functional
CASES = {
    "chain_4M": (lambda a, c: torch.relu(a * c + a).sin() * 2,
                 lambda: (torch.randn(4 << 20), torch.randn(4 << 20))),
    "softmax_graph_4096x1024": (lambda x: (lambda e: e / e.sum(-1, keepdim=True))(
        (x - x.amax(-1, keepdim=True)).exp()), lambda: (torch.randn(4096, 1024),)),
    "layer_norm_8192x1024": (lambda x, w, b: F.layer_norm(x, (1024,), w, b),
                             lambda: (torch.randn(8192, 1024), torch.randn(1024),
                                      torch.randn(1024))),
    "gelu_8192x1024": (lambda x: F.gelu(x), lambda: (torch.randn(8192, 1024),)),
}


def child(name, preload):
    if preload:
        build.preload()  # as compile_graph does when the backend starts
    fn, make = CASES[name]
    inputs = make()
    lowered = lower.lower(lower.trace_aten(fn, list(inputs)), inputs)
    source = codegen.generate(sched.schedule(lowered), 1)
    wall, cpu = time.perf_counter(), time.thread_time()
    built = build.build(source.text)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    print(f"{wall * 1e3:.3f} {cpu * 1e3:.3f} {int(built.hit)}")


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    print(f"{'case':26} {'preload':>7}  wall ms (each run)          CPU ms (each run)")
    for name in CASES:
        for preload in (False, True):
            walls, cpus = [], []
            for _ in range(runs):
                out = subprocess.run([sys.executable, __file__, "--child", name, str(int(preload))],
                                     capture_output=True, text=True, check=True).stdout.split()
                assert out[2] == "1", f"{name}: not in the cache (run generator.py first)"
                walls.append(float(out[0]))
                cpus.append(float(out[1]))
            print(f"{name:26} {'on' if preload else 'off':>7}  "
                  f"{' '.join(f'{w:6.2f}' for w in walls):26}  "
                  f"{' '.join(f'{c:6.2f}' for c in cpus)}  (median {statistics.median(cpus):.2f})",
                  flush=True)


if __name__ == "__main__":
    if "--child" in sys.argv:
        i = sys.argv.index("--child")
        child(sys.argv[i + 1], sys.argv[i + 2] == "1")
    else:
        main()
