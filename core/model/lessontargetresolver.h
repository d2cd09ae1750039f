// LessonTargetResolver: finds a lesson stop's target in the events of a demo's run.
#pragma once

#include "model/event.h"
#include "model/eventsoftype.h"
#include "model/lesson.h"
#include "model/stepstore.h"

#include <functional>
#include <string>
#include <vector>

namespace dynascope {

// Where a target was found. Indices point into the run's events of `eventType`, so a view can go
// straight to it: a recorded step, a trace step, a node of a graph, a guard of a guards event, a
// break, a call, a kernel of a kernels event, a function of the timing report, or a line of the
// script's printed output.
struct LessonTargetMatch {
    bool found = false;
    std::string eventType; // "step", "trace_step", "graph", "guards", "graph_break", "call",
                           // "kernels", "timing", "output"
    int eventIndex = -1;   // index into the events of eventType (output: the printed line)
    int itemIndex = -1; // graph: the node; guards: the guard (-1: the whole entry); call: the call
                        // among its function's calls; kernels: the graph record; timing: the
                        // function
    int entry = -1;     // guards, call: the function's cache entry number (0-based) it concerns
    int kernelIndex = -1;     // kernels: the kernel in its graph record
    long long stepIndex = -1; // step: the recorded step number; trace_step: its index
    std::string graphId;
    std::string nodeName;
    std::string function;
    int line = 0;        // source line of what was found, 0 when it has none
    int offset = -1;     // bytecode offset (steps, trace steps, nodes)
    std::string label;   // a short text shown in the stop ("BINARY_OP *", the guard, …)
    std::string problem; // when not found: what was looked for
};

class LessonTargetResolver {
public:
    // The run's events of one type ("step", "graph", …), in stream order.
    using EventLookup = std::function<EventsOfType(const std::string &type)>;

    // `steps`, when given, holds the run's steps (a session keeps them out of its events);
    // otherwise steps are looked up as "step" events.
    explicit LessonTargetResolver(EventLookup events, const StepStore *steps = nullptr)
        : m_events(std::move(events)), m_steps(steps) {}
    LessonTargetMatch resolve(const LessonTarget &target) const;
    // The script's printed stdout, split into lines.
    std::vector<std::string> outputLines() const;

private:
    EventLookup m_events;
    const StepStore *m_steps;
};

// "step opname=BINARY_OP line=5" — what a target asks for, for messages.
std::string describeTarget(const LessonTarget &target);

} // namespace dynascope
