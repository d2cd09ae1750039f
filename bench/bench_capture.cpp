// bench_capture: capture speed (ops traced per second) and the cost of a compiled call on a cache
// hit (guards, whole call) against calling the function uncompiled, measured in one run.
#include "cli/workereventchannel.h"
#include "model/calleventencoder.h"
#include "model/callrecord.h"
#include "python/interpreter.h"
#include "runtime/captureevents.h"
#include "runtime/capturemodule.h"
#include "shim/torchshim.h"

#include <Python.h>

#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

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

# 2. Cache hit: ten tensor arguments, one cheap op each. The backend keeps the graph's callable
# so the captured graph can also be called directly (what the compiled call adds is then all
# frame hook, guards, input fetch, exit rebuild and the call record).
def ten(a, b, c, d, e, f, g, h, i, j):
    return a + b + c + d + e + f + g + h + i + j
args = [torch.ones(4) for _ in range(10)]
graphs = []
def keep(gm, example_inputs):
    graphs.append(gm.forward)
    return gm.forward
compiled_ten = torch.compile(ten, backend=keep)
compiled_ten(*args)  # trace once
direct = graphs[0]
plain_ns = timed(ten, args, 2000)
direct_ns = timed(direct, args, 2000)
hit_ns = timed(compiled_ten, args, 2000)
print(f"cache hit (10 tensor args): plain call {plain_ns/1e3:.2f} us, captured graph called directly "
      f"{direct_ns/1e3:.2f} us, compiled call {hit_ns/1e3:.2f} us")
print(f"  compiled call over the direct graph call: {(hit_ns-direct_ns)/1e3:.2f} us (aim: below 2 us); "
      f"over the plain call: {(hit_ns-plain_ns)/1e3:.2f} us ({hit_ns/plain_ns:.2f}x)")

# 3. Guard time on hits, as the engine measures it (each call record's guard_us).
import _dynascope_capture
record = [r for r in _dynascope_capture.records() if r["function"] == "ten"][0]
hits = [c["guard_us"] for c in record["call_log"] if c["result"] == "hit"]
print(f"guards on a hit (10 tensor args): {statistics.mean(hits):.3f} us mean, "
      f"{statistics.median(hits):.3f} us median over {len(hits)} calls (aim: below 1 us)")
)PY";

// The per-call record as the region runner builds and keeps it on a hit (one region, one entry
// tried), alone, so its price can be read apart from everything else a call does.
double recordNanos() {
    std::vector<CallRecord> log;
    log.reserve(100000);
    auto start = std::chrono::steady_clock::now();
    const int n = 1000000;
    for (int i = 0; i < n; ++i) {
        CallRecord call;
        call.index = i;
        call.timeUs =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count();
        call.regions.emplace_back();
        RegionCall &rc = call.regions.back();
        rc.tried.push_back(EntryVerdict::of(0, true));
        rc.entry = 0;
        call.guardUs = 0.5;
        if (log.size() == 100000)
            log.clear();
        log.push_back(std::move(call));
    }
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
               .count() /
           n;
}

} // namespace

int main() {
    Interpreter interpreter({"bench_capture"});
    installCaptureModule();
    installTorchShim();
    if (PyRun_SimpleString(benchmarkScript) != 0)
        return 1;
    std::printf("call record (build + keep, one region, one entry): %.0f ns per call\n",
                recordNanos());

    // The same hits with every call streamed, written to /dev/null so the figure is the
    // worker's own work: (a) as the worker did before batching (a Json per call, encodeEvent,
    // one write per event), (b) as it does now (WorkerEventChannel: CallEventEncoder into a
    // batch, one write per 32 KB).
    const int devNull = ::open("/dev/null", O_WRONLY);
    size_t bytes = 0;
    setCaptureEventSink([&](const Json &event) {
        std::string line = encodeEvent(event);
        line += '\n';
        bytes += line.size();
        if (::write(devNull, line.data(), line.size()) < 0)
            std::perror("write");
    });
    if (PyRun_SimpleString("json_ns = timed(compiled_ten, args, 2000)\n"
                           "print(f'compiled call, every call streamed as Json, one write each: "
                           "{json_ns/1e3:.2f} us ({(json_ns-hit_ns)/1e3:.2f} us more)')\n") != 0)
        return 1;
    std::printf("  (%zu bytes of events)\n", bytes);
    {
        WorkerEventChannel channel(::dup(devNull));
        setCaptureEventSink([&](const Json &event) { channel.emit(event); });
        setCallEventSink([&](const CallRecord &call, const std::string &function) {
            channel.emitCall(call, function);
        });
        if (PyRun_SimpleString(
                "batched_ns = timed(compiled_ten, args, 2000)\n"
                "print(f'compiled call, every call streamed by the worker channel (batched): "
                "{batched_ns/1e3:.2f} us ({(batched_ns-hit_ns)/1e3:.2f} us more)')\n") != 0)
            return 1;
        setCallEventSink(nullptr);
        setCaptureEventSink(nullptr);
    }
    // The encoder alone, on the record of one hit (one region, one entry).
    CallRecord hit;
    hit.index = 1;
    hit.timeUs = 1234.5;
    hit.guardUs = 0.3;
    hit.step = 812;
    hit.regions.emplace_back();
    hit.regions.back().tried.push_back(EntryVerdict::of(0, true));
    hit.regions.back().entry = 0;
    std::string buffer;
    const int n = 1000000;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) {
        if (buffer.size() > 32768)
            buffer.clear();
        CallEventEncoder::append(hit, "ten", buffer);
        buffer += '\n';
    }
    const double encodeNs =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
        n;
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < n / 10; ++i) {
        Json j = hit;
        j["type"] = EventType::Call;
        j["function"] = "ten";
        buffer = encodeEvent(j);
    }
    const double jsonNs =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
        (n / 10);
    std::printf("call event encoding alone: CallEventEncoder %.0f ns, Json + encodeEvent %.0f ns\n",
                encodeNs, jsonNs);
    // Streaming alone, as the worker does it per call (to /dev/null): the channel (encode into
    // the batch, lock, clock, a write per 32 KB) against a Json, encodeEvent and a write each.
    {
        WorkerEventChannel channel(::dup(devNull));
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i)
            channel.emitCall(hit, "ten");
        channel.flush();
        const double channelNs =
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                .count() /
            n;
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < n / 10; ++i) {
            Json j = hit;
            j["type"] = EventType::Call;
            j["function"] = "ten";
            std::string line = encodeEvent(j);
            line += '\n';
            if (::write(devNull, line.data(), line.size()) < 0)
                std::perror("write");
        }
        const double lineNs =
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                .count() /
            (n / 10);
        std::printf("streaming one call event: worker channel (batched) %.0f ns, Json line + "
                    "write %.0f ns\n",
                    channelNs, lineNs);
    }
    ::close(devNull);
    return 0;
}
