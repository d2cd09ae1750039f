// What the stack view shows at a step and how it moves between two steps, from a timeline.
#pragma once

#include "stackoperation.h"

#include "model/step.h"

#include <QString>

#include <optional>
#include <vector>

namespace dynascope {

class StepTimeline;

// What the view shows once any animation has finished.
struct StackState {
    std::vector<StackValue> stack; // bottom first
    StackOperation operation;      // how the instruction got here
    QString heading;               // "f · line 2 · @6 BINARY_OP (*)"
    QString explanation;           // one sentence on what the instruction does
};

// How to get from the shown stack to a new one: the top `outgoing` entries of the shown stack
// leave (slide up and fade), then the top `incoming` entries of the new stack arrive from above.
// Forward this is pops then pushes; stepping back it is the same motion with the instruction's
// pushes leaving and its pops returning, which is the reverse of the forward animation.
struct StackTransition {
    int outgoing = 0;
    int incoming = 0;
};

// The state after step `index` (empty for an index out of range).
StackState stackStateAt(const StepTimeline &timeline, int index);

// The animation from step `from` to step `to`: one instruction forward or back in the same frame
// animates; anything else (a jump, entering or leaving a frame) shows the new state at once.
std::optional<StackTransition> stackTransition(const StepTimeline &timeline, int from, int to);

} // namespace dynascope
