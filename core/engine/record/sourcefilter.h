// SourceFilter: decides which source files are the script's own (recorded by default).
#pragma once

#include <string>

namespace dynascope {

class SourceFilter {
public:
    // scriptPath: the script being run; its folder (and everything below it) is "own code".
    // Empty: every real file outside the standard library and site-/dist-packages is own code.
    // Requires the GIL (asks sysconfig where the standard library lives).
    SourceFilter(const std::string &scriptPath, bool includeLibrary);

    bool isRecorded(const std::string &filename) const;

private:
    std::string m_scriptDir; // real path, ends in '/'
    std::string m_stdlib;    // real path, ends in '/'
    bool m_includeLibrary = false;
};

} // namespace dynascope
