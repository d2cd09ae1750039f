// LessonReader: the lesson file's schema, checked field by field with the line of each problem.
#include "lessonreader.h"

#include "model/fieldreader.h"
#include "model/locatedjson.h"

namespace dynascope {

namespace {

using Kind = LessonTarget::Kind;

LessonTarget readTarget(FieldReader &fields, const OrderedJson &object) {
    LessonTarget target;
    if (!fields.expectObject(object, "\"target\""))
        return target;
    target.kind = Kind(fields.choice(object, "kind",
                                     {"line", "step", "trace_step", "node", "graph", "guard",
                                      "cache_entry", "break", "call", "output", "kernel", "timing"},
                                     -1));
    if (object.find("kind") == object.end())
        fields.fail(object, "the target has no \"kind\"");
    if (!fields.ok())
        return target;
    switch (target.kind) {
    case Kind::Line:
        fields.onlyKeys(object, {"kind", "line"}, "a line target");
        break;
    case Kind::Step:
        fields.onlyKeys(object,
                        {"kind", "function", "line", "offset", "opname", "argrepr", "occurrence"},
                        "a step target");
        break;
    case Kind::TraceStep:
        fields.onlyKeys(object, {"kind", "function", "line", "offset", "opname", "occurrence"},
                        "a trace_step target");
        break;
    case Kind::Node:
        fields.onlyKeys(object, {"kind", "graph", "name", "op", "target", "line", "occurrence"},
                        "a node target");
        break;
    case Kind::Graph:
        fields.onlyKeys(object, {"kind", "graph"}, "a graph target");
        break;
    case Kind::Guard:
        fields.onlyKeys(
            object, {"kind", "function", "entry", "guard_kind", "source", "contains", "occurrence"},
            "a guard target");
        break;
    case Kind::CacheEntry:
        fields.onlyKeys(object, {"kind", "function", "entry", "occurrence"},
                        "a cache_entry target");
        break;
    case Kind::Break:
        fields.onlyKeys(object, {"kind", "break_type", "line", "function", "occurrence"},
                        "a break target");
        break;
    case Kind::Call:
        fields.onlyKeys(object, {"kind", "function", "result", "occurrence"}, "a call target");
        break;
    case Kind::Output:
        fields.onlyKeys(object, {"kind", "contains", "occurrence"}, "an output target");
        break;
    case Kind::Kernel:
        fields.onlyKeys(object, {"kind", "name", "fuses", "contains", "occurrence"},
                        "a kernel target");
        break;
    case Kind::Timing:
        fields.onlyKeys(object, {"kind", "function", "occurrence"}, "a timing target");
        break;
    }
    target.function = fields.string(object, "function", false);
    target.line = fields.integer(object, "line", 0, target.kind == Kind::Line);
    target.offset = fields.integer(object, "offset", -1, false);
    target.opname = fields.string(object, "opname", false);
    target.argrepr = fields.string(object, "argrepr", false);
    target.graph = fields.string(object, "graph", target.kind == Kind::Graph);
    target.name = fields.string(object, "name", false);
    target.op = fields.string(object, "op", false);
    target.target = fields.string(object, "target", false);
    target.guardKind = fields.string(object, "guard_kind", false);
    target.source = fields.string(object, "source", false);
    target.breakType = fields.string(object, "break_type", false);
    target.result = fields.string(object, "result", false);
    target.entry = fields.integer(object, "entry", 0, false);
    target.fuses = fields.strings(object, "fuses", false);
    target.contains = fields.string(object, "contains", target.kind == Kind::Output);
    target.occurrence = fields.integer(object, "occurrence", 1, false);
    if (fields.ok() && target.occurrence == 0)
        fields.fail(object, "\"occurrence\" counts from 1 (or from -1 for the last match)",
                    "occurrence");
    if (fields.ok() && target.kind == Kind::Line && target.line < 1)
        fields.fail(object, "\"line\" must be 1 or more", "line");
    if (fields.ok() && target.entry < 0)
        fields.fail(object, "\"entry\" counts cache entries from 1", "entry");
    return target;
}

LessonStop readStop(FieldReader &fields, const LocatedJson &document, const OrderedJson &object,
                    const std::string &defaultDemo, int number) {
    LessonStop stop;
    const std::string what = "stop " + std::to_string(number);
    if (!fields.expectObject(object, what))
        return stop;
    stop.fileLine = document.lineOf(object);
    fields.onlyKeys(object, {"title", "text", "demo", "run", "target"}, what);
    stop.title = fields.localized(object, "title", true);
    stop.text = fields.localized(object, "text", true);
    stop.demo = fields.string(object, "demo", false);
    if (stop.demo.empty())
        stop.demo = defaultDemo;
    if (fields.ok() && stop.demo.empty())
        fields.fail(object, what + " names no demo and the lesson has no \"demo\"");
    if (fields.ok() && (stop.demo.find('/') != std::string::npos ||
                        stop.demo.rfind(".py") + 3 != stop.demo.size()))
        fields.fail(object, "\"demo\" must be a .py file name in the lessons folder", "demo");
    stop.run =
        LessonStop::Run(fields.choice(object, "run", {"open", "record", "capture", "kernels"}, 1));
    const auto target = object.find("target");
    if (target == object.end())
        fields.fail(object, what + " has no \"target\"");
    else
        stop.target = readTarget(fields, *target);
    if (fields.ok() && stop.run == LessonStop::Run::Open && stop.target.kind != Kind::Line)
        fields.fail(object, what + ": \"run\": \"open\" only shows the script; its target must "
                                   "be a line");
    if (fields.ok() && stop.run != LessonStop::Run::Record && stop.target.kind == Kind::Step)
        fields.fail(object, what + ": a step target needs \"run\": \"record\"");
    if (fields.ok() && stop.run != LessonStop::Run::Kernels && stop.target.kind == Kind::Timing)
        fields.fail(object, what + ": a timing target needs \"run\": \"kernels\" (the "
                                   "timing is measured only when the kernels are run)");
    return stop;
}

std::optional<Lesson> readLesson(const std::optional<LocatedJson> &document, std::string &error) {
    if (!document)
        return std::nullopt;
    const OrderedJson &root = document->root();
    FieldReader fields(*document);
    Lesson lesson;
    lesson.fileName = document->name();
    if (fields.expectObject(root, "a lesson file")) {
        fields.onlyKeys(root,
                        {"format", "version", "id", "order", "chapter", "title", "formula",
                         "formula_note", "summary", "demo", "stops"},
                        "the lesson");
        if (fields.ok() && fields.string(root, "format", true) != "dynascope-lesson" && fields.ok())
            fields.fail(root, "\"format\" must be \"dynascope-lesson\"", "format");
        if (fields.ok() && fields.integer(root, "version", 0, true) != 1 && fields.ok())
            fields.fail(root, "this Dynascope reads lesson format version 1", "version");
        lesson.id = fields.string(root, "id", true);
        lesson.order = fields.integer(root, "order", 0, true);
        lesson.chapter = fields.localized(root, "chapter", true);
        lesson.title = fields.localized(root, "title", true);
        lesson.formula = fields.string(root, "formula", false);
        lesson.formulaNote = fields.localized(root, "formula_note", false);
        lesson.summary = fields.localized(root, "summary", true);
        lesson.demo = fields.string(root, "demo", false);
        const auto stops = root.find("stops");
        if (stops == root.end())
            fields.fail(root, "missing field \"stops\"");
        else if (!stops->is_array() || stops->empty())
            fields.fail(root, "\"stops\" must be a list of at least one stop", "stops");
        else
            for (const OrderedJson &stop : *stops)
                if (fields.ok())
                    lesson.stops.push_back(readStop(fields, *document, stop, lesson.demo,
                                                    int(lesson.stops.size()) + 1));
    }
    if (!fields.ok()) {
        error = fields.error();
        return std::nullopt;
    }
    return lesson;
}

} // namespace

std::optional<Lesson> LessonReader::read(const std::string &text, const std::string &name,
                                         std::string &error) {
    return readLesson(LocatedJson::parse(text, name, error), error);
}

std::optional<Lesson> LessonReader::readFile(const std::string &path, std::string &error) {
    return readLesson(LocatedJson::parseFile(path, error), error);
}

} // namespace dynascope
