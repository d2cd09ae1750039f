// libFuzzer target: lesson and drill files (JSON, docs/lessons.md), which users write and share.
// One input is read both ways; the first byte picks which reader is checked more strictly.
#include "model/drillreader.h"
#include "model/lessonreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string text(reinterpret_cast<const char *>(data), size);
    std::string error;
    if (!dynascope::LessonReader::read(text, "fuzz.lesson.json", error) && error.empty())
        __builtin_trap(); // a refused lesson must say why
    error.clear();
    if (!dynascope::DrillReader::read(text, "fuzz.drill.json", error) && error.empty())
        __builtin_trap(); // a refused drill must say why
    return 0;
}
