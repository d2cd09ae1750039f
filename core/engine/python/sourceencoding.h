// The check CPython's file tokenizer makes before compiling a script run as `python3.11 FILE`:
// without a coding declaration, every line must be UTF-8 (compiling from a string reports it
// differently, as a "(unicode error)", so the script runner makes this check itself).
#pragma once

#include <string>

namespace dynascope {

// Empty when `source` is acceptable; otherwise python3.11's own SyntaxError message ("Non-UTF-8
// code starting with '\xe9' in file F on line 2, but no encoding declared; see …").
std::string nonUtf8SourceMessage(const std::string &source, const std::string &filename);

} // namespace dynascope
