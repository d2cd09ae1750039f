// WorkerRequest: the one JSON command the GUI writes on the worker's stdin.
#pragma once

#include "model/event.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

struct WorkerRequest {
    std::string cmd; // "run" is the only command so far
    std::string script;
    std::vector<std::string> args;
    bool record = false;         // record concrete steps (record stage)
    long long maxSteps = 0;      // 0: the recorder's default
    bool includeLibrary = false; // also step through library code
    long long memoryLimitMb = 0; // RLIMIT_AS of the worker in MB; 0: none (cli/memorylimit.h)
    Json raw;                    // the whole command, for fields added later

    // Unknown fields are ignored; nullopt with `error` naming the problem otherwise.
    static std::optional<WorkerRequest> parse(const std::string &line, std::string &error);
};

} // namespace dynascope
