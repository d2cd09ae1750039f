// Break steps: decoding the instruction a region's trace stopped at, and doing it concretely.
#pragma once

#include "runtime/coderecord.h"
#include "runtime/regionrunner.h"
#include "trace/codeview.h"

#include <vector>

namespace dynascope {

// The step at `offset`: a call sequence, a conditional jump, a store, or Native (CPython runs the rest
// of the frame; also inside a try block, whose handler only CPython can reach).
BreakStep breakStepAt(const CodeView &view, int offset);
// A Call step on the frame's value stack: pops the call's entries, pushes its result and moves
// `offset` past it. False with a Python error set when the call raised.
bool performCall(std::vector<PyRef> &stack, int &offset, const BreakStep &step,
                 const CaptureTarget &target);
// A Store step (STORE_SUBSCR, STORE_ATTR) done concretely: pops its entries, moves `offset` past
// it. False with a Python error set when the store raised.
bool performStore(std::vector<PyRef> &stack, int &offset, const BreakStep &step);
// A Jump step: tests the top of the stack and moves `offset` to where the jump leads.
bool performJump(std::vector<PyRef> &stack, int &offset, const BreakStep &step);
// A call step raised inside grad-mode with-blocks: their exits (on the stack) restore the mode.
void restoreGradModes(const std::vector<PyRef> &stack);

} // namespace dynascope
