// LessonLibrary: folder listing, duplicate ids, and the drill's and stops' references checked.
#include "lessonlibrary.h"

#include "model/drillreader.h"
#include "model/lessonreader.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace dynascope {

namespace fs = std::filesystem;

void LessonLibrary::load(const std::string &folder) {
    m_folder = folder;
    m_lessons.clear();
    m_drill = Drill();
    m_errors.clear();
    std::error_code code;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(folder, code), end; !code && it != end; it.increment(code)) {
        const std::string name = it->path().filename().string();
        if (name.size() > 12 && name.compare(name.size() - 12, 12, ".lesson.json") == 0)
            files.push_back(it->path());
    }
    if (code) {
        m_errors.push_back(folder + ": cannot list the lessons folder (" + code.message() + ")");
        return;
    }
    std::sort(files.begin(), files.end());
    std::set<std::string> ids;
    for (const fs::path &file : files) {
        std::string error;
        std::optional<Lesson> lesson = LessonReader::readFile(file.string(), error);
        if (!lesson)
            m_errors.push_back(error);
        else if (!ids.insert(lesson->id).second)
            m_errors.push_back(lesson->fileName + ": the lesson id \"" + lesson->id +
                               "\" is used by another lesson file too");
        else
            m_lessons.push_back(std::move(*lesson));
    }
    std::stable_sort(m_lessons.begin(), m_lessons.end(),
                     [](const Lesson &a, const Lesson &b) { return a.order < b.order; });
    const fs::path drillPath = fs::path(folder) / "drill.json";
    if (fs::exists(drillPath, code)) {
        std::string error;
        std::optional<Drill> drill = DrillReader::readFile(drillPath.string(), error);
        if (drill)
            m_drill = std::move(*drill);
        else
            m_errors.push_back(error);
    }
    checkReferences();
}

void LessonLibrary::checkReferences() {
    std::error_code code;
    for (const Lesson &lesson : m_lessons)
        for (size_t i = 0; i < lesson.stops.size(); ++i)
            if (!fs::is_regular_file(demoPath(lesson.stops[i].demo), code))
                m_errors.push_back(lesson.fileName + " line " +
                                   std::to_string(lesson.stops[i].fileLine) + ": stop " +
                                   std::to_string(i + 1) + "'s demo " + lesson.stops[i].demo +
                                   " is not in the lessons folder");
    for (const DrillQuestion &q : m_drill.questions) {
        const Lesson *target = lesson(q.showLesson);
        if (!target || q.showStop > int(target->stops.size()))
            m_errors.push_back(m_drill.fileName + " line " + std::to_string(q.fileLine) +
                               ": question " + q.id + " shows lesson \"" + q.showLesson +
                               "\" stop " + std::to_string(q.showStop) +
                               (target ? ", which has fewer stops" : ", which does not exist"));
    }
}

const Lesson *LessonLibrary::lesson(const std::string &id) const {
    const auto it = std::find_if(m_lessons.begin(), m_lessons.end(),
                                 [&](const Lesson &l) { return l.id == id; });
    return it == m_lessons.end() ? nullptr : &*it;
}

std::string LessonLibrary::demoPath(const std::string &demo) const {
    return (fs::path(m_folder) / demo).string();
}

} // namespace dynascope
