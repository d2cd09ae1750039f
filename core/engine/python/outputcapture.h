// OutputCapture: replaces sys.stdout/sys.stderr with streams that hand every write to a callback.
#pragma once

#include "python/pyref.h"

#include <functional>
#include <string>

namespace dynascope {

class OutputCapture {
public:
    // stream is "stdout" or "stderr"; called with the GIL held, once per write(), as it happens.
    using Callback = std::function<void(const std::string &stream, const std::string &text)>;

    // Installs the capturing streams (requires the GIL); the destructor puts the old ones back.
    explicit OutputCapture(Callback callback);
    ~OutputCapture();
    OutputCapture(const OutputCapture &) = delete;
    OutputCapture &operator=(const OutputCapture &) = delete;

    // Used by the stream objects; returns false if the callback threw (a Python error is set).
    bool deliver(const std::string &stream, const std::string &text);

private:
    Callback m_callback;
    PyRef m_type;
    PyRef m_stdout, m_stderr;           // our stream objects
    PyRef m_savedStdout, m_savedStderr; // what sys.stdout/sys.stderr were before
};

} // namespace dynascope
