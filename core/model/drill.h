// The interview drill as plain data: questions, options, explanation, the stop that proves it.
#pragma once

#include "model/lesson.h"

#include <string>
#include <vector>

namespace dynascope {

struct DrillOption {
    LocalizedText text;
    bool correct = false;
};

struct DrillQuestion {
    std::string id;
    std::string level;     // easy | mid | hard | extreme
    std::string origin;    // "article": in the spirit of the seed article; "ours": beyond it
    bool multiple = false; // multiple choice (any number of right options) or single choice
    LocalizedText question;
    std::vector<DrillOption> options;
    LocalizedText explanation;
    std::string showLesson; // the lesson id whose stop proves the answer
    int showStop = 1;       // 1-based stop number in that lesson
    int fileLine = 0;
};

struct Drill {
    std::vector<DrillQuestion> questions;
    std::string fileName;
};

} // namespace dynascope
