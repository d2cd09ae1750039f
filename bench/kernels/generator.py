# The kernel generator alone, without the app: cold compile split (trace, lower + codegen, g++),
# g++ alone on each generated source and on an empty one (the floor), a cached load in a fresh
# process, and the kernels against eager (interleaved rounds, medians, one thread). Runs the
# generator modules from the source tree in plain Python, so it needs no build:
#   /usr/bin/python3.11 bench/kernels/generator.py [--rounds N] [--tree CHECKOUT] [--cpu-time]
# --cpu-time: eager and kernel timed by this thread's CPU time, not wall time (on a machine
# loaded by other processes, wall time mostly measures when the thread was descheduled).
# --tree: the generator of another checkout (a "before" figure; its older signatures are
# accepted). Run with XDG_CACHE_HOME set to an empty folder for cold figures.
# The C++ call path and guards are not in these figures (`dynascope bench` has them).
import os
import statistics
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
shim = types.ModuleType("_dynascope_shim")
TREE = (sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv
        else os.path.join(HERE, "..", ".."))
shim.__path__ = [os.path.join(TREE, "core", "engine", "backends", "inductor")]
sys.modules["_dynascope_shim"] = shim
# The capture core is not loaded here: plans keep the Python runner (its native spec says why).
capture = types.ModuleType("_dynascope_capture")
capture.native_externs = lambda: {}
sys.modules.setdefault("_dynascope_capture", capture)

import torch  # noqa: E402

from _dynascope_shim import kernels_build as build  # noqa: E402
from _dynascope_shim import kernels_codegen as codegen  # noqa: E402
from _dynascope_shim import kernels_lower as lower  # noqa: E402
from _dynascope_shim import kernels_runner as runner  # noqa: E402
from _dynascope_shim import kernels_schedule as sched  # noqa: E402

F = torch.nn.functional


def cached_load(source_path):
    """Child process: one build() of a source already in the cache, timed whole (key, checks,
    dlopen); prints milliseconds."""
    text = open(source_path, encoding="utf-8").read()
    start = time.perf_counter()
    built = build.build(text)
    assert built.hit
    print(f"{(time.perf_counter() - start) * 1e3:.3f}")


def compile_case(fn, inputs):
    t0 = time.perf_counter()
    fx = lower.trace_aten(fn, list(inputs))
    t1 = time.perf_counter()
    lowered = lower.lower(fx, inputs)
    schedule = sched.schedule(lowered)
    lowered.order = ["kernel" if isinstance(i, sched.Group) else i for i in schedule.items]
    try:
        source = codegen.generate(schedule, 1)
    except TypeError:  # a generator before serial-only sources
        source = codegen.generate(schedule)
    t2 = time.perf_counter()
    built = build.build(source.text)
    run = runner.make_runner(lowered, source, built.library, 1)
    split = {"trace": t1 - t0, "lower+codegen": t2 - t1, "g++": built.compile_s,
             "load": built.load_s, "nodes": len(fx.graph.nodes)}
    return run, source, built, split


def gxx_alone(source_text):
    with tempfile.TemporaryDirectory() as tmp:
        cpp = os.path.join(tmp, "k.cpp")
        with open(cpp, "w", encoding="utf-8") as f:
            f.write(source_text)
        try:
            cmd = build.command(build.compiler(), cpp, os.path.join(tmp, "k.so"), source_text)
        except TypeError:  # a generator with one command for every source
            cmd = build.command(build.compiler(), cpp, os.path.join(tmp, "k.so"))
        start = time.perf_counter()
        subprocess.run(cmd, check=True)
        return time.perf_counter() - start


def interleaved(fn, run, inputs, rounds):
    clock = time.thread_time if "--cpu-time" in sys.argv else time.perf_counter
    eager, comp = [], []
    for r in range(rounds):
        for side in ((0, 1) if r % 2 == 0 else (1, 0)):
            start = clock()
            fn(*inputs) if side == 0 else run(inputs)
            (eager if side == 0 else comp).append(clock() - start)
    return statistics.median(eager), statistics.median(comp)


def main():
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 15
    torch.manual_seed(0)
    torch.set_num_threads(1)
    wide, rows = torch.randn(8192, 1024), torch.randn(4096, 1024)
    w, b = torch.randn(1024), torch.randn(1024)

    def softmax_graph(x):
        e = (x - x.amax(-1, keepdim=True)).exp()
        return e / e.sum(-1, keepdim=True)

    cases = [
        ("chain_4M", lambda a, c: torch.relu(a * c + a).sin() * 2,
         (torch.randn(4 << 20), torch.randn(4 << 20))),
        ("copy_8192x1024", lambda x: x.clone(), (wide,)),
        ("softmax_graph_4096x1024", softmax_graph, (rows,)),
        ("layer_norm_8192x1024", lambda x, w_, b_: F.layer_norm(x, (1024,), w_, b_), (wide, w, b)),
        ("gelu_8192x1024", lambda x: F.gelu(x), (wide,)),
    ]
    empty = 'extern "C" void segment0(void** B, const long* S) {}\n'
    print(f"g++ on an empty source: {gxx_alone(empty) * 1e3:.0f} ms")
    print(f"{'case':26} {'nodes':>5} {'trace':>7} {'low+cg':>7} {'g++':>7} {'g++ alone':>9} "
          f"{'cached load':>11} {'eager':>9} {'kernel':>9} {'S':>6}")
    for name, fn, inputs in cases:
        run, source, built, split = compile_case(fn, inputs)
        torch.testing.assert_close(run(inputs)[0], fn(*inputs), rtol=1e-4, atol=1e-5)
        alone = gxx_alone(source.text)
        child = subprocess.run([sys.executable, __file__, "--cached-load", built.path,
                                "--tree", TREE],
                               capture_output=True, text=True, check=True)
        eager, comp = interleaved(fn, run, inputs, rounds)
        print(f"{name:26} {split['nodes']:5d} {split['trace'] * 1e3:6.0f}m "
              f"{split['lower+codegen'] * 1e3:6.0f}m "
              f"{split['g++'] * 1e3:6.0f}m {alone * 1e3:8.0f}m {float(child.stdout):10.2f}m "
              f"{eager * 1e3:8.2f}m {comp * 1e3:8.2f}m {eager / comp:5.2f}x", flush=True)


if __name__ == "__main__":
    if "--cached-load" in sys.argv:
        cached_load(sys.argv[sys.argv.index("--cached-load") + 1])
    else:
        main()
