// The worker's memory bound: an address-space limit (RLIMIT_AS) set before the interpreter starts.
#pragma once

#include <optional>
#include <string>

namespace dynascope {

// Reads a limit in megabytes ("512"; "0" = no limit); nullopt with `error` when it is not a
// whole number from 0 to 1048576 (1 TB).
std::optional<long long> parseMemoryLimit(const std::string &text, std::string &error);

// Sets RLIMIT_AS (soft and hard) of this process to `megabytes` MB; 0 leaves it as it is.
// Returns an empty string, or why it could not be set.
//
// The limit bounds virtual memory, not resident memory: CPython with torch imported already
// reserves ~0.65 GB of address space at idle (mostly libtorch's code and data mappings, each
// thread's 8 MB stack and glibc's 64 MB malloc arenas per thread), so limits under ~1 GB stop a
// torch script while it imports torch. Then every allocation that would pass it fails: Python
// raises MemoryError, C++ code throws std::bad_alloc (torch turns it into a RuntimeError
// "DefaultCPUAllocator: can't allocate memory"), and a library that does not check malloc may
// crash.
std::string applyMemoryLimit(long long megabytes);

// Whether a script's uncaught exception of type `type` with `message` is an allocation failure.
bool isAllocationFailure(const std::string &type, const std::string &message);

} // namespace dynascope
