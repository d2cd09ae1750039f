// Dispatches `dynascope COMMAND …` to the command-line front ends of the worker.
#pragma once

#include <string>
#include <vector>

namespace dynascope {

// Returns the process exit status: the script's for `run`, 2 for a usage error.
// `extraVersions`: lines for --version that only the caller knows ("Qt 6.4.2" from the app).
int runCommandLine(int argc, char **argv, const std::vector<std::string> &extraVersions = {});

} // namespace dynascope
