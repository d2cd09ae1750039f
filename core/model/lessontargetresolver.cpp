// LessonTargetResolver: one matcher per target kind over the raw event bodies.
#include "lessontargetresolver.h"

#include "model/kernelrecord.h"

#include <algorithm>
#include <cstdio>

namespace dynascope {

namespace {

using Kind = LessonTarget::Kind;

std::string text(const Json &object, const char *key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

long long number(const Json &object, const char *key, long long fallback) {
    const auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<long long>() : fallback;
}

bool same(const std::string &wanted, std::string_view actual) {
    return wanted.empty() || wanted == actual;
}

bool sameNumber(long long wanted, long long any, long long actual) {
    return wanted == any || wanted == actual;
}

// A step or trace step that matched, as the views want it.
LessonTargetMatch stepMatch(const std::string &type, size_t eventIndex, long long stepIndex,
                            std::string_view function, long long line, long long offset,
                            std::string_view opname, std::string_view argrepr) {
    LessonTargetMatch m;
    m.eventType = type;
    m.eventIndex = int(eventIndex);
    m.stepIndex = stepIndex;
    m.function = std::string(function);
    m.line = int(line);
    m.offset = int(offset);
    m.label = std::string(opname) + (argrepr.empty() ? "" : " " + std::string(argrepr));
    return m;
}

int siteLine(const Json &site) {
    return site.is_object() ? int(number(site, "line", 0)) : 0;
}

// The innermost user frame of a break (user_stack is outermost first).
Json innermostSite(const Json &breakEvent) {
    const auto stack = breakEvent.find("user_stack");
    if (stack == breakEvent.end() || !stack->is_array() || stack->empty())
        return Json::object();
    return stack->back();
}

// Lines first..last (1-based, inclusive) of `source`.
std::string sourceLines(const std::string &source, int first, int last) {
    std::string out;
    int line = 1;
    size_t start = 0;
    while (start <= source.size() && line <= last) {
        size_t end = source.find('\n', start);
        if (end == std::string::npos)
            end = source.size();
        if (line >= first)
            out += source.substr(start, end - start + 1);
        start = end + 1;
        ++line;
    }
    return out;
}

// A kernel's origins are graph node names ("mul_1"); a lesson names the op ("mul").
bool fusedInto(const std::string &op, const std::vector<std::string> &origins) {
    return std::any_of(origins.begin(), origins.end(), [&](const std::string &origin) {
        if (origin.rfind(op, 0) != 0)
            return false;
        const std::string rest = origin.substr(op.size());
        return rest.empty() || (rest.size() > 1 && rest[0] == '_' &&
                                rest.find_first_not_of("0123456789", 1) == std::string::npos);
    });
}

std::string joined(const std::vector<std::string> &names, const std::string &separator) {
    std::string out;
    for (const std::string &name : names)
        out += (out.empty() ? "" : separator) + name;
    return out;
}

std::string micros(double us) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f µs", us);
    return text;
}

void add(const std::string &label, const std::string &separator, const std::string &value,
         std::string &out) {
    if (!value.empty())
        out += separator + label + "=" + value;
}

} // namespace

std::string describeTarget(const LessonTarget &t) {
    std::string out = LessonTarget::kindName(t.kind);
    add("function", " ", t.function, out);
    add("line", " ", t.line > 0 ? std::to_string(t.line) : "", out);
    add("offset", " ", t.offset >= 0 ? std::to_string(t.offset) : "", out);
    add("opname", " ", t.opname, out);
    add("argrepr", " ", t.argrepr, out);
    add("graph", " ", t.graph, out);
    add("name", " ", t.name, out);
    add("op", " ", t.op, out);
    add("target", " ", t.target, out);
    add("guard_kind", " ", t.guardKind, out);
    add("source", " ", t.source, out);
    add("break_type", " ", t.breakType, out);
    add("result", " ", t.result, out);
    add("entry", " ", t.entry > 0 ? std::to_string(t.entry) : "", out);
    add("fuses", " ", joined(t.fuses, ","), out);
    add("contains", " ", t.contains.empty() ? "" : "\"" + t.contains + "\"", out);
    add("occurrence", " ", t.occurrence != 1 ? std::to_string(t.occurrence) : "", out);
    return out;
}

std::vector<std::string> LessonTargetResolver::outputLines() const {
    std::string all;
    for (const Json &event : m_events(EventType::Output))
        if (text(event, "stream") == "stdout")
            all += text(event, "text");
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < all.size()) {
        const size_t end = all.find('\n', start);
        lines.push_back(
            all.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return lines;
}

LessonTargetMatch LessonTargetResolver::resolve(const LessonTarget &t) const {
    std::vector<LessonTargetMatch> matches;
    auto stepLike = [&](const std::string &type, const char *indexKey) {
        const EventsOfType events = m_events(type);
        for (size_t i = 0; i < events.size(); ++i) {
            const Json &e = events[i];
            if (type == EventType::Step && text(e, "event") != "instruction")
                continue;
            if (!same(t.function, text(e, "function")) || !same(t.opname, text(e, "opname")) ||
                !sameNumber(t.line, 0, number(e, "line", 0)) ||
                !sameNumber(t.offset, -1, number(e, "offset", -1)) ||
                !same(t.argrepr, text(e, "argrepr")))
                continue;
            matches.push_back(stepMatch(type, i, number(e, indexKey, -1), text(e, "function"),
                                        number(e, "line", 0), number(e, "offset", -1),
                                        text(e, "opname"), text(e, "argrepr")));
        }
    };
    auto storedSteps = [&](const StepStore &steps) {
        for (size_t i = 0; i < steps.size(); ++i) {
            if (steps.event(i) != StepEvent::Instruction || !same(t.function, steps.function(i)) ||
                !same(t.opname, steps.opname(i)) || !sameNumber(t.line, 0, steps.line(i)) ||
                !sameNumber(t.offset, -1, steps.offset(i)) || !same(t.argrepr, steps.argrepr(i)))
                continue;
            matches.push_back(stepMatch(EventType::Step, i, steps.index(i), steps.function(i),
                                        steps.line(i), steps.offset(i), steps.opname(i),
                                        steps.argrepr(i)));
        }
    };
    switch (t.kind) {
    case Kind::Line: {
        LessonTargetMatch m;
        m.line = t.line;
        m.label = "line " + std::to_string(t.line);
        matches.push_back(m);
        break;
    }
    case Kind::Step:
        if (m_steps)
            storedSteps(*m_steps);
        else
            stepLike(EventType::Step, "step");
        break;
    case Kind::TraceStep:
        stepLike(EventType::TraceStep, "index");
        break;
    case Kind::Node:
    case Kind::Graph: {
        const EventsOfType graphs = m_events(EventType::Graph);
        for (size_t g = 0; g < graphs.size(); ++g) {
            const std::string id = text(graphs[g], "id");
            if (!same(t.graph, id))
                continue;
            if (t.kind == Kind::Graph) {
                LessonTargetMatch m;
                m.eventType = EventType::Graph;
                m.eventIndex = int(g);
                m.graphId = id;
                m.function = text(graphs[g], "function");
                m.label = id;
                matches.push_back(m);
                continue;
            }
            const auto nodes = graphs[g].find("nodes");
            if (nodes == graphs[g].end() || !nodes->is_array())
                continue;
            for (size_t n = 0; n < nodes->size(); ++n) {
                const Json &node = (*nodes)[n];
                const Json site = node.value("site", Json::object());
                if (!same(t.name, text(node, "name")) || !same(t.op, text(node, "op")) ||
                    !same(t.target, text(node, "target")) || !sameNumber(t.line, 0, siteLine(site)))
                    continue;
                LessonTargetMatch m;
                m.eventType = EventType::Graph;
                m.eventIndex = int(g);
                m.itemIndex = int(n);
                m.graphId = id;
                m.nodeName = text(node, "name");
                m.function = text(graphs[g], "function");
                m.line = siteLine(site);
                m.offset = site.is_object() ? int(number(site, "offset", -1)) : -1;
                m.label =
                    id + ": " + m.nodeName + " = " + text(node, "op") + " " + text(node, "target");
                matches.push_back(m);
            }
        }
        break;
    }
    case Kind::Guard:
    case Kind::CacheEntry: {
        const EventsOfType events = m_events(EventType::Guards);
        for (size_t i = 0; i < events.size(); ++i) {
            const int entry = int(number(events[i], "entry", -1));
            if (!same(t.function, text(events[i], "function")) ||
                !sameNumber(t.entry, 0, entry + 1))
                continue;
            if (t.kind == Kind::CacheEntry) {
                LessonTargetMatch m;
                m.eventType = EventType::Guards;
                m.eventIndex = int(i);
                m.entry = entry;
                m.function = text(events[i], "function");
                const auto guards = events[i].find("guards");
                const size_t count =
                    guards != events[i].end() && guards->is_array() ? guards->size() : 0;
                m.label = m.function + ": cache entry " + std::to_string(entry + 1) + ", " +
                          std::to_string(count) + (count == 1 ? " guard" : " guards");
                matches.push_back(m);
                continue;
            }
            const auto guards = events[i].find("guards");
            if (guards == events[i].end() || !guards->is_array())
                continue;
            for (size_t k = 0; k < guards->size(); ++k) {
                const Json &guard = (*guards)[k];
                const std::string guardText = text(guard, "text");
                if (!same(t.guardKind, text(guard, "kind")) ||
                    !same(t.source, text(guard, "source")) ||
                    guardText.find(t.contains) == std::string::npos)
                    continue;
                LessonTargetMatch m;
                m.eventType = EventType::Guards;
                m.eventIndex = int(i);
                m.itemIndex = int(k);
                m.entry = entry;
                m.function = text(events[i], "function");
                m.label = guardText.empty() ? text(guard, "kind") : guardText;
                matches.push_back(m);
            }
        }
        break;
    }
    case Kind::Break: {
        const EventsOfType events = m_events(EventType::GraphBreak);
        for (size_t i = 0; i < events.size(); ++i) {
            const Json site = innermostSite(events[i]);
            if (!same(t.breakType, text(events[i], "break_type")) ||
                !same(t.function, text(events[i], "function")) ||
                !sameNumber(t.line, 0, siteLine(site)))
                continue;
            LessonTargetMatch m;
            m.eventType = EventType::GraphBreak;
            m.eventIndex = int(i);
            m.function = text(events[i], "function");
            m.line = siteLine(site);
            m.offset = int(number(site, "offset", -1));
            m.label = text(events[i], "reason");
            matches.push_back(m);
        }
        break;
    }
    case Kind::Call: {
        const EventsOfType events = m_events(EventType::Call);
        for (size_t i = 0; i < events.size(); ++i) {
            if (!same(t.function, text(events[i], "function")) ||
                !same(t.result, text(events[i], "result")))
                continue;
            LessonTargetMatch m;
            m.eventType = EventType::Call;
            m.eventIndex = int(i);
            m.itemIndex = int(number(events[i], "index", 0)) - 1;
            m.function = text(events[i], "function");
            // The entry the call is about: the one its first missing region made, else its hit.
            const auto regions = events[i].find("regions");
            for (const Json &region :
                 regions != events[i].end() && regions->is_array() ? *regions : Json::array()) {
                const int entry = region.is_object() ? int(number(region, "entry", -1)) : -1;
                if (region.is_object() && text(region, "result") != "hit") {
                    m.entry = entry;
                    break;
                }
                if (m.entry < 0)
                    m.entry = entry;
            }
            m.label = m.function + ": " + text(events[i], "result");
            const auto guardTime = events[i].find("guard_us");
            if (guardTime != events[i].end() && guardTime->is_number())
                m.label += ", t_guard = " + micros(guardTime->get<double>());
            matches.push_back(m);
        }
        break;
    }
    case Kind::Kernel: {
        // Only kernels g++ built: a graph that fell back to eager ran none of its loops.
        const EventsOfType events = m_events(EventType::Kernels);
        for (size_t i = 0; i < events.size(); ++i) {
            const std::vector<KernelGraphRecord> records = kernelRecordsFromEvent(events[i]);
            for (size_t r = 0; r < records.size(); ++r) {
                if (records[r].status != "compiled")
                    continue;
                for (size_t k = 0; k < records[r].kernels.size(); ++k) {
                    const KernelInfo &kernel = records[r].kernels[k];
                    const bool fused =
                        std::all_of(t.fuses.begin(), t.fuses.end(), [&](const std::string &op) {
                            return fusedInto(op, kernel.origins);
                        });
                    if (!same(t.name, kernel.name) || !fused ||
                        sourceLines(records[r].source, kernel.firstLine, kernel.lastLine)
                                .find(t.contains) == std::string::npos)
                        continue;
                    LessonTargetMatch m;
                    m.eventType = EventType::Kernels;
                    m.eventIndex = int(i);
                    m.itemIndex = int(r);
                    m.kernelIndex = int(k);
                    m.label = kernel.name + " (" + joined(kernel.origins, "·") + ")";
                    matches.push_back(m);
                }
            }
        }
        break;
    }
    case Kind::Timing: {
        const EventsOfType events = m_events(EventType::Timing);
        for (size_t i = 0; i < events.size(); ++i) {
            const TimingReport report = timingReportFromEvent(events[i]);
            for (size_t f = 0; f < report.functions.size(); ++f) {
                const FunctionTiming &timing = report.functions[f];
                if (!same(t.function, timing.name) || timing.comp.medianUs <= 0)
                    continue;
                LessonTargetMatch m;
                m.eventType = EventType::Timing;
                m.eventIndex = int(i);
                m.itemIndex = int(f);
                m.function = timing.name;
                char speedup[32];
                std::snprintf(speedup, sizeof speedup, "%.2f", timing.speedup);
                m.label = timing.name + ": S = T_base / T_comp = " + micros(timing.base.medianUs) +
                          " / " + micros(timing.comp.medianUs) + " = " + speedup;
                matches.push_back(m);
            }
        }
        break;
    }
    case Kind::Output: {
        const std::vector<std::string> lines = outputLines();
        for (size_t i = 0; i < lines.size(); ++i) {
            if (lines[i].find(t.contains) == std::string::npos)
                continue;
            LessonTargetMatch m;
            m.eventType = EventType::Output;
            m.eventIndex = int(i);
            m.label = lines[i];
            matches.push_back(m);
        }
        break;
    }
    }
    const long long count = static_cast<long long>(matches.size());
    const long long pick = t.occurrence > 0 ? t.occurrence - 1 : count + t.occurrence;
    if (pick < 0 || pick >= count) {
        LessonTargetMatch missing;
        missing.problem = "no " + describeTarget(t) + " in the run (" + std::to_string(count) +
                          (count == 1 ? " match)" : " matches)");
        return missing;
    }
    LessonTargetMatch found = matches[size_t(pick)];
    found.found = true;
    return found;
}

} // namespace dynascope
