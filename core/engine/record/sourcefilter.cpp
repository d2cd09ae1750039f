// Own code vs library code, by the real path of a code object's file.
#include "record/sourcefilter.h"

#include "python/pyref.h"

#include <Python.h>

#include <climits>
#include <cstdlib>

namespace dynascope {

namespace {
std::string realDirectory(const std::string &path) {
    char resolved[PATH_MAX];
    if (!realpath(path.c_str(), resolved))
        return {};
    std::string dir = resolved;
    return dir.back() == '/' ? dir : dir + "/";
}

bool startsWith(const std::string &text, const std::string &prefix) {
    return !prefix.empty() && text.compare(0, prefix.size(), prefix) == 0;
}
} // namespace

SourceFilter::SourceFilter(const std::string &scriptPath, bool includeLibrary)
    : m_includeLibrary(includeLibrary) {
    if (!scriptPath.empty()) {
        std::string folder = scriptPath;
        size_t slash = folder.find_last_of('/');
        folder = slash == std::string::npos ? "." : folder.substr(0, slash + 1);
        m_scriptDir = realDirectory(folder);
    }
    PyRef sysconfig = PyRef::steal(PyImport_ImportModule("sysconfig"));
    PyRef stdlib =
        sysconfig ? PyRef::steal(PyObject_CallMethod(sysconfig.get(), "get_path", "s", "stdlib"))
                  : PyRef();
    if (stdlib && PyUnicode_Check(stdlib.get()))
        m_stdlib = realDirectory(PyUnicode_AsUTF8(stdlib.get()));
    PyErr_Clear();
}

bool SourceFilter::isRecorded(const std::string &filename) const {
    if (m_includeLibrary)
        return true;
    if (filename.empty() || filename[0] == '<') // <frozen importlib._bootstrap>, <string>
        return false;
    char resolved[PATH_MAX];
    std::string path = realpath(filename.c_str(), resolved) ? std::string(resolved) : filename;
    if (path.find("/site-packages/") != std::string::npos ||
        path.find("/dist-packages/") != std::string::npos || startsWith(path, m_stdlib))
        return false;
    return m_scriptDir.empty() || startsWith(path, m_scriptDir);
}

} // namespace dynascope
