// StepEncoder: writes a Step event as one JSON line, byte for byte what encodeEvent() gives for
// the Step's Json plus "type": "step", without building the Json (the recorder's hot path).
#pragma once

#include "model/step.h"

#include <string>

namespace dynascope {

class StepEncoder {
public:
    // Appends the line (no newline) to `out`.
    static void append(const Step &step, std::string &out);
    static std::string encode(const Step &step);
};

} // namespace dynascope
