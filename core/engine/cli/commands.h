// The command-line front ends; each takes the arguments after its own name.
#pragma once

#include <string>
#include <vector>

namespace dynascope {

using Args = std::vector<std::string>;

int runCommand(const Args &args);     // dynascope run FILE [ARGS...]     (cli/runcommand.cpp)
int disCommand(const Args &args);     // dynascope dis FILE               (cli/discommand.cpp)
int workerCommand(const Args &args);  // dynascope worker                 (cli/workercommand.cpp)
int traceCommand(const Args &args);   // dynascope trace FILE [...]       (cli/tracecommand.cpp)
int explainCommand(const Args &args); // dynascope explain FILE [...]     (cli/explaincommand.cpp)
int benchCommand(const Args &args);   // dynascope bench FILE [...]       (cli/benchcommand.cpp)
// dynascope --version (cli/versioncommand.cpp); `extraVersions` are printed as given.
int versionCommand(const Args &args, const std::vector<std::string> &extraVersions);

} // namespace dynascope
