// Pieces of a hand-written JSON line, escaped as nlohmann's dump() escapes (the hot paths that
// encode an event without building Json: StepEncoder, CallEventEncoder).
#pragma once

#include <string>

namespace dynascope::jsonline {

// A string literal: \" \\ \b \f \n \r \t, other control characters as \u00xx, UTF-8 as is;
// invalid UTF-8 replaced as encodeEvent() replaces it.
void appendString(const std::string &text, std::string &out);
void appendInteger(long long number, std::string &out);
// The shortest text that reads back as the same double, always with a '.' or an exponent (so a
// reader sees a float, as nlohmann writes one); null for NaN and infinities, as nlohmann does.
void appendDouble(double number, std::string &out);
// "key": (the key is a plain identifier: nothing to escape).
void appendKey(const char *key, std::string &out);

} // namespace dynascope::jsonline
