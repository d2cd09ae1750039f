// Dispatches `dynascope COMMAND …` to the command-line front ends of the worker.
#pragma once

namespace dynascope {

// Returns the process exit status: the script's for `run`, 2 for a usage error.
int runCommandLine(int argc, char **argv);

} // namespace dynascope
