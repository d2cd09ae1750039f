// libFuzzer target: the one JSON command line the worker reads on stdin.
#include "cli/workerrequest.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    std::string error;
    std::optional<dynascope::WorkerRequest> request = dynascope::WorkerRequest::parse(
        std::string(reinterpret_cast<const char *>(data), size), error);
    if (!request && error.empty())
        __builtin_trap(); // a rejected command must name its problem
    if (request && (request->cmd.empty() || request->script.empty()))
        __builtin_trap(); // an accepted command names what to run
    return 0;
}
