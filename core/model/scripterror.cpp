// JSON codec and summary text of ScriptError.
#include "model/scripterror.h"

namespace dynascope {

std::string ScriptError::summary() const {
    std::string text = type;
    if (!message.empty())
        text += ": " + message;
    if (isSyntaxError()) {
        text += " (" + syntaxFile + ", line " + std::to_string(syntaxLine) + ", column " +
                std::to_string(syntaxColumn) + ")";
    } else if (!frames.empty()) {
        const TracebackFrame &last = frames.back();
        text += " (" + last.file + ":" + std::to_string(last.line) + " in " + last.function + ")";
    }
    return text;
}

void to_json(Json &j, const TracebackFrame &f) {
    j = Json{{"file", f.file}, {"line", f.line}, {"function", f.function}};
}

void from_json(const Json &j, TracebackFrame &f) {
    f.file = j.value("file", std::string());
    f.line = j.value("line", 0);
    f.function = j.value("function", std::string());
}

void to_json(Json &j, const ScriptError &e) {
    j = Json{{"exc_type", e.type}, {"message", e.message}, {"frames", e.frames},
             {"formatted", e.formatted}};
    if (e.isSyntaxError()) {
        j["syntax"] = Json{{"file", e.syntaxFile},
                           {"line", e.syntaxLine},
                           {"column", e.syntaxColumn},
                           {"text", e.syntaxText}};
    }
}

void from_json(const Json &j, ScriptError &e) {
    e.type = j.value("exc_type", std::string());
    e.message = j.value("message", std::string());
    e.formatted = j.value("formatted", std::string());
    e.frames.clear();
    if (auto it = j.find("frames"); it != j.end() && it->is_array())
        for (const Json &f : *it)
            if (f.is_object())
                e.frames.push_back(f.get<TracebackFrame>());
    if (auto it = j.find("syntax"); it != j.end() && it->is_object()) {
        e.syntaxFile = it->value("file", std::string());
        e.syntaxLine = it->value("line", 0);
        e.syntaxColumn = it->value("column", 0);
        e.syntaxText = it->value("text", std::string());
    }
}

} // namespace dynascope
