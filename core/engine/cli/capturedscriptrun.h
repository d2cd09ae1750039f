// runCapturedScript: the shared body of `run` and `explain`: a script run headless, its output
// written through as it comes, with the capture module and the torch shim installed.
#pragma once

#include "cli/scriptoptions.h"

#include <functional>
#include <string>

namespace dynascope {

// Writes one chunk of the script's output to our stdout or stderr, unbuffered, so a user watching
// a long run sees each line when the script writes it.
void writeThrough(const std::string &stream, const std::string &text);

// Loads options.script (a missing file → 2, a syntax error → 1, each with Python's message),
// installs the capture stage, runs it and prints an uncaught exception as python3.11 would.
// `afterRun(status)` then runs while the interpreter still lives (reports are read from it) and
// returns the command's exit status. Interpreter failures are reported and give 2.
int runCapturedScript(const ScriptOptions &options, const std::function<int(int status)> &afterRun);

} // namespace dynascope
