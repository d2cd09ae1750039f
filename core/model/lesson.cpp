// Lesson: the language choice of a LocalizedText and the names of target kinds.
#include "lesson.h"

namespace dynascope {

const std::string &LocalizedText::in(const std::string &language) const {
    return language.rfind("zh", 0) == 0 && !zhCN.empty() ? zhCN : en;
}

const char *LessonTarget::kindName(Kind kind) {
    switch (kind) {
    case Kind::Line:
        return "line";
    case Kind::Step:
        return "step";
    case Kind::TraceStep:
        return "trace_step";
    case Kind::Node:
        return "node";
    case Kind::Graph:
        return "graph";
    case Kind::Guard:
        return "guard";
    case Kind::CacheEntry:
        return "cache_entry";
    case Kind::Break:
        return "break";
    case Kind::Call:
        return "call";
    case Kind::Output:
        return "output";
    case Kind::Kernel:
        return "kernel";
    case Kind::Timing:
        return "timing";
    }
    return "?";
}

} // namespace dynascope
