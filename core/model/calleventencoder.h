// CallEventEncoder: writes a `call` event as one JSON line without building Json, decoding to
// exactly what encodeEvent() of the record's Json (plus "type" and "function") decodes to.
#pragma once

#include "model/callrecord.h"

#include <string>

namespace dynascope {

class CallEventEncoder {
public:
    // Appends the line (no newline) to `out`: keys in nlohmann's sorted order, its escaping.
    static void append(const CallRecord &call, const std::string &function, std::string &out);
    static std::string encode(const CallRecord &call, const std::string &function);
};

} // namespace dynascope
