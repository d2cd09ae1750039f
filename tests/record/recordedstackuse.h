// The oracle for recorded pops/pushes: CPython's own stacks, as the recorder read them. Shared by
// tests/record (the recorder in process) and tests/gui (the stepper's animation).
#pragma once

#include "model/step.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace dynascope::testing {

struct RecordedStackUse {
    int checked = 0;       // instruction steps whose counts were checked against the stacks
    int withoutCounts = 0; // instruction steps the recorder left without counts
    std::vector<std::string> problems;
};

inline bool sameEntry(const StackValue &a, const StackValue &b) {
    return a.type == b.type && a.repr == b.repr && a.shape == b.shape && a.dtype == b.dtype;
}

// The stack entry an instruction changes in place without popping it (LIST_APPEND adds to the
// list below the value it pops): its repr may change, its type may not. -1 for other opcodes.
inline int mutatedInPlace(const Step &step, int before) {
    static const std::set<std::string> containers = {"LIST_APPEND", "SET_ADD",     "MAP_ADD",
                                                     "LIST_EXTEND", "SET_UPDATE",  "DICT_UPDATE",
                                                     "DICT_MERGE"};
    return containers.count(step.opname) ? before - step.pops - step.arg : -1;
}

// `steps` in execution order (by index). For every instruction step whose previous step in the
// same frame shows the stack it started from (an instruction or the frame's call event), the
// stack after it is that stack less its top `pops` entries plus `pushes` new ones, and the entries
// it did not pop are unchanged. A step without counts must be one an exception cut short (the
// frame's next step is its exception event) or the last of its frame (recording stopped).
inline RecordedStackUse checkRecordedStackUse(const std::vector<Step> &steps) {
    RecordedStackUse result;
    std::map<long long, const Step *> lastInFrame;
    std::map<long long, const Step *> waitingForException; // frame → its step without counts
    for (const Step &step : steps) {
        auto problem = [&](const std::string &what) {
            if (result.problems.size() < 20)
                result.problems.push_back(step.function + " step " + std::to_string(step.index) +
                                          " @" + std::to_string(step.offset) + " " + step.opname +
                                          " " + std::to_string(step.arg) + ": " + what);
        };
        const Step *previous = lastInFrame[step.frame];
        lastInFrame[step.frame] = &step;
        if (auto it = waitingForException.find(step.frame); it != waitingForException.end()) {
            if (step.event != "exception")
                problem("the step before it (" + it->second->opname + " " +
                        std::to_string(it->second->index) + ") has no counts but did not raise");
            waitingForException.erase(it);
        }
        if (step.event != "instruction")
            continue;
        if (step.pops < 0 || step.pushes < 0) {
            ++result.withoutCounts;
            waitingForException[step.frame] = &step;
            continue;
        }
        if (!previous || (previous->event != "instruction" && previous->event != "call"))
            continue;
        const std::vector<StackValue> &before = previous->stack;
        const std::vector<StackValue> &after = step.stack;
        const int nb = int(before.size());
        ++result.checked;
        const std::string counts =
            "pops " + std::to_string(step.pops) + " pushes " + std::to_string(step.pushes);
        if (step.pops > nb) {
            problem(counts + " but only " + std::to_string(nb) + " entries before it");
            continue;
        }
        if (int(after.size()) != nb - step.pops + step.pushes) {
            problem(counts + " from " + std::to_string(nb) + " entries, but " +
                    std::to_string(after.size()) + " after it");
            continue;
        }
        const int mutated = mutatedInPlace(step, nb);
        for (int i = 0; i < nb - step.pops; ++i)
            if (!sameEntry(before[i], after[i]) &&
                !(i == mutated && before[i].type == after[i].type)) {
                problem(counts + ", but entry " + std::to_string(i) + " changed from " +
                        before[i].repr + " to " + after[i].repr);
                break;
            }
    }
    return result;
}

} // namespace dynascope::testing
