// Interpreter: the embedded CPython 3.11's lifetime (one per process, created on the main thread).
#pragma once

#include <string>
#include <vector>

namespace dynascope {

class Interpreter {
public:
    // Starts CPython as Debian's /usr/bin/python3.11 would start (same prefix, site-packages,
    // dist-packages), with sys.argv = argv. Throws std::runtime_error naming the failure.
    explicit Interpreter(const std::vector<std::string> &argv = {});
    ~Interpreter();
    Interpreter(const Interpreter &) = delete;
    Interpreter &operator=(const Interpreter &) = delete;

    // The interpreter whose prefix and stdlib are embedded (DYNASCOPE_PYTHON_EXECUTABLE).
    static std::string pythonExecutable();
};

} // namespace dynascope
