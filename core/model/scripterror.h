// A Python exception that ended a script, as plain data: type, message, traceback, syntax position.
#pragma once

#include "model/event.h"

#include <string>
#include <vector>

namespace dynascope {

struct TracebackFrame {
    std::string file;
    int line = 0;
    std::string function;
};

struct ScriptError {
    std::string type;    // e.g. "ZeroDivisionError"
    std::string message; // str(exc)
    std::vector<TracebackFrame> frames; // outermost first, as Python prints them
    // Set for SyntaxError and its subclasses (1-based; 0 when unknown).
    std::string syntaxFile;
    int syntaxLine = 0;
    int syntaxColumn = 0;
    std::string syntaxText;
    std::string formatted; // the traceback as Python would print it

    bool isSyntaxError() const { return syntaxLine > 0; }
    // One line for a status bar: "ZeroDivisionError: division by zero (demo.py:3)".
    std::string summary() const;
};

void to_json(Json &j, const TracebackFrame &f);
void from_json(const Json &j, TracebackFrame &f);
void to_json(Json &j, const ScriptError &e);
void from_json(const Json &j, ScriptError &e);

} // namespace dynascope
