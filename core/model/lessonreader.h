// LessonReader: reads a lesson file (JSON, docs/lessons.md) into a Lesson, or says what is wrong.
#pragma once

#include "model/lesson.h"

#include <optional>
#include <string>

namespace dynascope {

class LessonReader {
public:
    // `name` prefixes every message: "guards.lesson.json line 12: missing field \"text\"".
    static std::optional<Lesson> read(const std::string &text, const std::string &name,
                                      std::string &error);
    // Reads the file at `path` (its file name is the message's name).
    static std::optional<Lesson> readFile(const std::string &path, std::string &error);
};

} // namespace dynascope
