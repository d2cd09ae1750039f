// The kernel generator's records as the GUI reads them: one KernelGraphRecord per graph and input
// signature ("kernels" event), and the TimingReport of "Run compiled kernels" ("timing" event).
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dynascope {

using Json = nlohmann::json;

struct KernelInfo {
    std::string name;               // kernel0
    int firstLine = 0, lastLine = 0; // 1-based lines of the generated source
    std::vector<std::string> origins; // aten nodes fused into it (mul, add, relu …)
    std::vector<std::string> captured; // the captured-graph nodes they came from, graph order
};

struct KernelStep {
    std::string node, op, reason; // an extern call or a fallback run through torch
    std::vector<std::string> captured; // the captured-graph node(s) it came from
};

struct KernelGraphRecord {
    int graph = -1;
    std::string capturedGraph; // the Graphs view's id of the captured graph ("G1"); "" if unknown
    std::string part; // "" (an inference graph), "forward" or "backward" (a training plan's halves)
    std::string partitioner;            // a training plan's split: "min-cut" | "save-all"
    std::vector<std::string> saved;     // values the forward keeps for the backward
    std::vector<std::string> signature; // input sizes, e.g. "[4, 8]"
    std::string status;                 // "compiled" or "eager: <reason>"
    std::string cache;                  // "hit" | "miss" | ""
    std::map<std::string, double> seconds; // trace, lower, codegen, compile, load
    std::vector<KernelInfo> kernels;
    std::vector<KernelStep> externs, fallbacks;
    std::vector<std::string> decisions; // the scheduler's, in order
    std::string source, path;           // generated C++ and where the cache keeps it
};

struct TimingStats {
    double medianUs = 0, p10Us = 0, p90Us = 0;
    bool noisy = false;
};

struct KernelTiming {
    std::string name, kind; // kind: kernel | extern | fallback
    TimingStats time;
    std::vector<std::string> nodes;
};

// A training plan's backward half timed alone (generated backward vs torch.autograd.grad).
struct BackwardTiming {
    std::string status, note; // note: why it was not timed
    std::optional<TimingStats> eager, compiled;
    std::vector<KernelTiming> kernels;
};

struct GraphTiming {
    int graph = -1;
    std::string status, cache;
    std::string part; // "" (an inference plan) or "forward" (a training plan's forward half)
    TimingStats eager;
    std::optional<TimingStats> compiled;
    std::vector<KernelTiming> kernels;
    std::optional<BackwardTiming> backward; // training plans only
};

struct FunctionTiming {
    std::string name;
    TimingStats base, comp; // T_base (eager), T_comp (compiled, guards included)
    double guardUs = 0;     // T_comp minus the graphs' own time
    double speedup = 0;     // T_base / T_comp
    bool noisy = false;
    std::vector<GraphTiming> graphs;
};

struct TimingReport {
    int threads = 0, rounds = 0;
    std::vector<FunctionTiming> functions;
};

// Lenient readers of untrusted events: missing or mistyped fields keep their defaults.
std::vector<KernelGraphRecord> kernelRecordsFromEvent(const Json &event);
TimingReport timingReportFromEvent(const Json &event);

} // namespace dynascope
