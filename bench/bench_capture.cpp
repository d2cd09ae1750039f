// bench_capture: capture speed (ops traced per second) and the cost of a compiled call on a cache
// hit (guards, whole call) against calling the function uncompiled, measured in one run.
#include "python/interpreter.h"
#include "runtime/capturemodule.h"
#include "shim/torchshim.h"

#include <Python.h>

#include <cstdio>

using namespace dynascope;

namespace {

// The Python half: builds the functions, times them, prints the figures. Plain calls and
// compiled calls alternate in the same loop shape so both see the same machine state.
const char *benchmarkScript = R"PY(
import time, torch, statistics

def timed(fn, args, repeat):
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter_ns()
        for _ in range(repeat):
            fn(*args)
        best = min(best, (time.perf_counter_ns() - t0) / repeat)
    return best

# 1. Capture: a straight-line function of 1,000 tensor ops, written out as source.
lines = ["def long_fn(x):"] + ["    x = x * 1.0001 + 0.5" if i % 2 == 0 else "    x = x.relu()"
                                for i in range(500)] + ["    return x"]
namespace = {}
exec(compile("\n".join(lines) + "\n", "<long_fn>", "exec"), namespace)
long_fn = namespace["long_fn"]
x = torch.ones(8)
t0 = time.perf_counter_ns(); eager_out = long_fn(x); eager_ns = time.perf_counter_ns() - t0
opt = torch.compile(long_fn, backend="eager")
t0 = time.perf_counter_ns(); out = opt(x); first_ns = time.perf_counter_ns() - t0
assert torch.allclose(out, eager_out)
ops = 1000
capture_s = (first_ns - eager_ns) / 1e9
print(f"capture: 1,000-op function traced and compiled in {capture_s*1e3:.1f} ms "
      f"({ops / capture_s:,.0f} ops/s); first compiled call / eager call = {first_ns / eager_ns:.1f}x")

# 2. Cache hit: ten tensor arguments, one cheap op each.
def ten(a, b, c, d, e, f, g, h, i, j):
    return a + b + c + d + e + f + g + h + i + j
args = [torch.ones(4) for _ in range(10)]
compiled_ten = torch.compile(ten, backend="eager")
compiled_ten(*args)  # trace once
plain_ns = timed(ten, args, 2000)
hit_ns = timed(compiled_ten, args, 2000)
print(f"cache hit (10 tensor args): plain call {plain_ns/1e3:.2f} us, compiled call {hit_ns/1e3:.2f} us, "
      f"ratio {hit_ns/plain_ns:.2f}x, overhead {(hit_ns-plain_ns)/1e3:.2f} us per call")
)PY";

} // namespace

int main() {
    Interpreter interpreter({"bench_capture"});
    installCaptureModule();
    installTorchShim();
    if (PyRun_SimpleString(benchmarkScript) != 0)
        return 1;

    // Guard time as the engine itself measures it (the `call` event's guard_us), on hits only.
    double guardMicros = 0;
    int hits = 0;
    setCaptureEventSink([&](const Json &event) {
        if (event.value("type", "") == "call" && event.value("result", "") == "hit") {
            guardMicros += event.value("guard_us", 0.0);
            ++hits;
        }
    });
    if (PyRun_SimpleString("for _ in range(2000): compiled_ten(*args)\n") != 0)
        return 1;
    setCaptureEventSink(nullptr);
    if (hits > 0)
        std::printf("guards on a hit (10 tensor args): %.2f us per call over %d calls "
                    "(aim: below 1 us)\n",
                    guardMicros / hits, hits);
    return 0;
}
