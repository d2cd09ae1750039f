// A lesson as plain data: chapters of text, a formula, and "look here" stops into a demo's run.
#pragma once

#include <string>
#include <vector>

namespace dynascope {

// A text in both languages the app ships; lesson files must give both.
struct LocalizedText {
    std::string en;
    std::string zhCN;
    // The text for a language code ("zh_CN", "zh", "en", …); English for anything else.
    const std::string &in(const std::string &language) const;
};

// What a stop points at in the demo's run. `kind` selects the events searched and which fields
// may be given; every field given must match (strings exactly, `contains` as a substring).
// `occurrence` picks the n-th match counting from 1; negative counts from the last (-1 = last).
struct LessonTarget {
    enum class Kind {
        Line,
        Step,
        TraceStep,
        Node,
        Graph,
        Guard,
        CacheEntry,
        Break,
        Call,
        Output,
        Kernel,
        Timing
    };
    Kind kind = Kind::Line;
    std::string function;  // step, trace_step, guard, cache_entry, break, call, timing
    int line = 0;          // line, step, trace_step, node, break: source line, 0 = any
    int offset = -1;       // step, trace_step: bytecode offset, -1 = any
    std::string opname;    // step, trace_step
    std::string argrepr;   // step
    std::string graph;     // node, graph: "G1", …
    std::string name;      // node: its name ("mul"); kernel: the kernel's ("kernel0")
    std::string op;        // node: placeholder | call_function | call_method | output | …
    std::string target;    // node: "torch.relu", "L['x']"
    std::string guardKind; // guard: TENSOR_MATCH, …
    std::string source;    // guard: L['x']
    std::string breakType; // break: the catalogue's id, e.g. "tensor_item"
    std::string result;    // call: hit | miss | recompile …
    int entry = 0;         // guard, cache_entry: the cache entry as the app numbers it, 0 = any
    std::vector<std::string> fuses; // kernel: graph ops that must all be fused into it
    std::string contains;           // guard text, output text, kernel: its generated code
    int occurrence = 1;

    static const char *kindName(Kind kind);
};

// One "look here": which demo to run and how, where to look, and what to read there.
struct LessonStop {
    // Just open the script / run recording steps / run / run with kernels built and timed.
    enum class Run { Open, Record, Capture, Kernels };
    std::string demo; // file name under the lessons folder ("guards.py")
    Run run = Run::Record;
    LessonTarget target;
    LocalizedText title;
    LocalizedText text; // HTML subset (b, i, code, sub, sup, br); "%match%" becomes the match
    int fileLine = 0;   // where the stop starts in its lesson file
};

struct Lesson {
    std::string id; // stable, used by the drill's "show me" and by saved progress
    int order = 0;  // position in the lesson list
    LocalizedText chapter;
    LocalizedText title;
    std::string formula; // HTML with Unicode maths; the same in both languages
    LocalizedText formulaNote;
    LocalizedText summary;
    std::string demo; // default demo of the stops
    std::vector<LessonStop> stops;
    std::string fileName;
};

} // namespace dynascope
