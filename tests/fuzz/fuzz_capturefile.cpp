// libFuzzer target: a .dscap file's bytes through the reader and every typed view the GUI uses.
#include "model/capturefile.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace dynascope;
    CaptureFile capture;
    std::vector<CaptureFile::Problem> problems;
    // The reader promises never to throw: an escaping exception ends the fuzzer as a crash.
    if (!capture.parse(std::string(reinterpret_cast<const char *>(data), size), "fuzz.dscap",
                       problems)) {
        if (problems.empty())
            __builtin_trap(); // a rejection must say why
        return 0;
    }
    capture.steps(problems);
    capture.codes(problems);
    capture.errors(problems);
    return 0;
}
