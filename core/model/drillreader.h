// DrillReader: reads the interview drill file (JSON, docs/lessons.md) or says what is wrong.
#pragma once

#include "model/drill.h"

#include <optional>
#include <string>

namespace dynascope {

class DrillReader {
public:
    static std::optional<Drill> read(const std::string &text, const std::string &name,
                                     std::string &error);
    static std::optional<Drill> readFile(const std::string &path, std::string &error);
};

} // namespace dynascope
