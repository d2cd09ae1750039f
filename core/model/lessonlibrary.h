// LessonLibrary: every lesson file of a folder and its drill, checked against each other.
#pragma once

#include "model/drill.h"
#include "model/lesson.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

// Reads `*.lesson.json` and `drill.json` from one folder. A bad file does not hide the good
// ones: it is listed in errors() with its line, and the rest load. Lessons are sorted by order.
class LessonLibrary {
public:
    void load(const std::string &folder);

    const std::string &folder() const { return m_folder; }
    const std::vector<Lesson> &lessons() const { return m_lessons; }
    const Drill &drill() const { return m_drill; }
    const std::vector<std::string> &errors() const { return m_errors; }
    const Lesson *lesson(const std::string &id) const;
    // The absolute path of a demo named by a stop.
    std::string demoPath(const std::string &demo) const;

private:
    void checkReferences();

    std::string m_folder;
    std::vector<Lesson> m_lessons;
    Drill m_drill;
    std::vector<std::string> m_errors;
};

} // namespace dynascope
