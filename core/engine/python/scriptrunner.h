// ScriptRunner: runs one script file as __main__, as `python3.11 FILE ARGS...` would.
#pragma once

#include "model/scripterror.h"
#include "python/pyref.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

class ScriptRunner {
public:
    enum class LoadResult { Loaded, CannotOpen, CompileError };

    // `path` as the user gave it (relative paths are taken from the current directory).
    ScriptRunner(std::string path, std::vector<std::string> args);

    // Reads and compiles the file and prepares the interpreter: sys.argv = [path, args...], the
    // script's folder first on sys.path, a fresh __main__ module with __file__ set. Split from
    // execute() so callers can look at (or hook) the module's code before it runs. Requires the
    // GIL.
    LoadResult load();
    // After CannotOpen: the reason in words, e.g. "No such file or directory".
    const std::string &openError() const { return m_openError; }
    // After Loaded: the module's code object (borrowed).
    PyObject *code() const { return m_code.get(); }
    // After load(): the __main__ module's globals (borrowed).
    PyObject *globals() const { return m_globals.get(); }

    // Runs the loaded code and then the atexit handlers. Returns the exit status python3.11 would
    // give: 0, 1 for an uncaught exception, SystemExit's code (a message is printed on
    // sys.stderr and gives 1). After CompileError it returns 1 without running anything.
    int execute();

    // The uncaught exception or the syntax error, if any (SystemExit is not an error).
    const std::optional<ScriptError> &error() const { return m_error; }

    // __file__ as python3.11 computes it: the path joined to the current directory, unnormalised.
    static std::string absolutePath(const std::string &path);

private:
    bool readSource(std::string &source);
    void prepareSys();
    bool prepareMain();
    int exitStatusOfCurrentException();

    std::string m_path;
    std::string m_file; // absolute
    std::vector<std::string> m_args;
    std::string m_openError;
    PyRef m_code, m_module, m_globals;
    std::optional<ScriptError> m_error;
    bool m_compileFailed = false;
};

} // namespace dynascope
