// What one instruction did to the operand stack: counts, the operation in words, the caption.
#pragma once

#include "model/step.h"

#include <QString>

#include <vector>

namespace dynascope {

struct StackOperation {
    int pops = 0;    // entries taken off the top of the stack the instruction started from
    int pushes = 0;  // entries the instruction left on top
    QString text;    // "2 * 3 → 6", "f(2, 3) → 7", "c = 7"; empty when there is nothing to say
    QString caption; // "pops 2, pushes 1"
};

// `before` is the stack the instruction started from (the previous step of the same frame), `step`
// the recorded instruction with the stack after it. The counts are the step's own pops/pushes
// (the recorder writes them); a step without them (a capture from an older recorder), or whose
// counts do not fit the two stacks, gets them from where the two stacks start to differ.
StackOperation describeStackOperation(const std::vector<StackValue> &before, const Step &step);

// "pops 2, pushes 1", "pushes 1", "pops 1", "no stack change".
QString stackEffectCaption(int pops, int pushes);

} // namespace dynascope
