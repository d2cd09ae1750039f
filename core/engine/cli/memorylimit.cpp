// RLIMIT_AS for the worker and `run --memory-limit`.
#include "cli/memorylimit.h"

#include <cerrno>
#include <cstring>
#include <sys/resource.h>

namespace dynascope {

namespace {
constexpr long long MaxMegabytes = 1LL << 20; // 1 TB
}

std::optional<long long> parseMemoryLimit(const std::string &text, std::string &error) {
    long long value = 0;
    bool digits = !text.empty() && text.size() <= 8;
    for (char c : text) {
        if (c < '0' || c > '9') {
            digits = false;
            break;
        }
        value = value * 10 + (c - '0');
    }
    if (!digits || value > MaxMegabytes) {
        error = "memory limit '" + text + "' is not a whole number of megabytes from 0 to " +
                std::to_string(MaxMegabytes);
        return std::nullopt;
    }
    return value;
}

std::string applyMemoryLimit(long long megabytes) {
    if (megabytes <= 0)
        return {};
    struct rlimit limit;
    limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(megabytes) << 20;
    if (::setrlimit(RLIMIT_AS, &limit) != 0)
        return std::string("cannot set the memory limit of ") + std::to_string(megabytes) +
               " MB: " + std::strerror(errno);
    return {};
}

bool isAllocationFailure(const std::string &type, const std::string &message) {
    if (type == "MemoryError")
        return true;
    // torch's CPU allocator: "[enforce fail at alloc_cpu.cpp:…] … DefaultCPUAllocator: can't
    // allocate memory: you tried to allocate N bytes."
    return type == "RuntimeError" && message.find("can't allocate memory") != std::string::npos;
}

} // namespace dynascope
