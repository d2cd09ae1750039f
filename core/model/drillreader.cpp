// DrillReader: the drill file's schema, checked with the line of each problem.
#include "drillreader.h"

#include "model/fieldreader.h"
#include "model/locatedjson.h"

#include <algorithm>
#include <set>

namespace dynascope {

namespace {

DrillQuestion readQuestion(FieldReader &fields, const LocatedJson &document,
                           const OrderedJson &object, int number) {
    DrillQuestion q;
    const std::string what = "question " + std::to_string(number);
    if (!fields.expectObject(object, what))
        return q;
    q.fileLine = document.lineOf(object);
    fields.onlyKeys(
        object,
        {"id", "level", "origin", "multiple", "question", "options", "explanation", "show_me"},
        what);
    q.id = fields.string(object, "id", true);
    static const char *const levels[] = {"easy", "mid", "hard", "extreme"};
    q.level =
        levels[std::max(0, fields.choice(object, "level", {"easy", "mid", "hard", "extreme"}, 0))];
    q.origin = fields.choice(object, "origin", {"article", "ours"}, 1) == 0 ? "article" : "ours";
    q.multiple = fields.boolean(object, "multiple", false);
    q.question = fields.localized(object, "question", true);
    q.explanation = fields.localized(object, "explanation", true);
    const auto options = object.find("options");
    if (options == object.end() || !options->is_array() || options->size() < 2) {
        fields.fail(object, what + " needs \"options\": a list of at least two",
                    options == object.end() ? std::string() : "options");
        return q;
    }
    for (const OrderedJson &option : *options) {
        if (!fields.ok() || !fields.expectObject(option, what + "'s option"))
            break;
        fields.onlyKeys(option, {"text", "correct"}, "an option");
        q.options.push_back(
            {fields.localized(option, "text", true), fields.boolean(option, "correct", false)});
    }
    const auto right = std::count_if(q.options.begin(), q.options.end(),
                                     [](const DrillOption &o) { return o.correct; });
    if (fields.ok() && !q.multiple && right != 1)
        fields.fail(object, what + " is single choice and must have exactly one correct option",
                    "options");
    if (fields.ok() && q.multiple && right < 1)
        fields.fail(object, what + " has no correct option", "options");
    const auto showMe = object.find("show_me");
    if (showMe == object.end()) {
        fields.fail(object, what + " has no \"show_me\" (the lesson stop that proves it)");
    } else if (fields.expectObject(*showMe, "\"show_me\"")) {
        fields.onlyKeys(*showMe, {"lesson", "stop"}, "\"show_me\"");
        q.showLesson = fields.string(*showMe, "lesson", true);
        q.showStop = fields.integer(*showMe, "stop", 1, true);
        if (fields.ok() && q.showStop < 1)
            fields.fail(*showMe, "\"stop\" counts from 1", "stop");
    }
    return q;
}

std::optional<Drill> readDrill(const std::optional<LocatedJson> &document, std::string &error) {
    if (!document)
        return std::nullopt;
    const OrderedJson &root = document->root();
    FieldReader fields(*document);
    Drill drill;
    drill.fileName = document->name();
    if (fields.expectObject(root, "a drill file")) {
        fields.onlyKeys(root, {"format", "version", "questions"}, "the drill");
        if (fields.ok() && fields.string(root, "format", true) != "dynascope-drill" && fields.ok())
            fields.fail(root, "\"format\" must be \"dynascope-drill\"", "format");
        if (fields.ok() && fields.integer(root, "version", 0, true) != 1 && fields.ok())
            fields.fail(root, "this Dynascope reads drill format version 1", "version");
        const auto questions = root.find("questions");
        if (questions == root.end() || !questions->is_array() || questions->empty())
            fields.fail(root, "\"questions\" must be a list of at least one question",
                        questions == root.end() ? std::string() : "questions");
        else
            for (const OrderedJson &question : *questions)
                if (fields.ok())
                    drill.questions.push_back(
                        readQuestion(fields, *document, question, int(drill.questions.size()) + 1));
        std::set<std::string> ids;
        for (const DrillQuestion &q : drill.questions)
            if (fields.ok() && !ids.insert(q.id).second)
                error = document->name() + " line " + std::to_string(q.fileLine) +
                        ": the question id \"" + q.id + "\" is used twice";
    }
    if (!fields.ok())
        error = fields.error();
    if (!error.empty())
        return std::nullopt;
    return drill;
}

} // namespace

std::optional<Drill> DrillReader::read(const std::string &text, const std::string &name,
                                       std::string &error) {
    error.clear();
    return readDrill(LocatedJson::parse(text, name, error), error);
}

std::optional<Drill> DrillReader::readFile(const std::string &path, std::string &error) {
    error.clear();
    return readDrill(LocatedJson::parseFile(path, error), error);
}

} // namespace dynascope
