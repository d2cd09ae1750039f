// The scopes of one frame at one step, gathered from a timeline: what FrameModel shows.
#pragma once

#include "model/instruction.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dynascope {

class StepTimeline;

struct FrameScopes {
    long long frame = -1;
    int step = -1; // position in the timeline the scopes are taken at
    std::string function;
    std::optional<CodeInfo> code; // nullopt when the recording carries no code event for it
    std::map<std::string, std::string> locals;  // accumulated up to the step
    std::map<std::string, std::string> changed; // set by the step itself (only for its own frame)
    // The script's globals: the module frame's namespace (at module level locals are globals).
    std::map<std::string, std::string> globals;
    bool globalsRecorded = false; // false: no module-level frame in the recording
    // Names the code loads as globals that no recorded global defines: they come from builtins.
    std::vector<std::string> builtinsUsed;
};

// The scopes of `frame` after step `index` (frame -1: the frame of that step).
FrameScopes frameScopesAt(const StepTimeline &timeline, long long frame, int index);

} // namespace dynascope
