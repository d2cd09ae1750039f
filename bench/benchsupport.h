// Helpers the GUI memory benchmarks share: the process's resident set and the guard-storm script.
#pragma once

#include <QFile>
#include <QString>

#include <fstream>
#include <unistd.h>

namespace dynascope::bench {

// Resident set size now, from /proc/self/statm.
inline double residentMiB() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Writes the recompile storm: `scale(x, n)` compiled with dynamic=False and called with
// n = 0 … calls-1, so every call recompiles (one cache entry each, up to `cacheLimit`).
inline bool writeStormScript(const QString &path, int calls, int cacheLimit) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(QString("import torch\n"
                       "torch._dynamo.config.cache_size_limit = %2\n\n"
                       "@torch.compile(backend=\"eager\", dynamic=False)\n"
                       "def scale(x, n):\n"
                       "    return x * n + 1\n\n"
                       "x = torch.ones(4)\n"
                       "for n in range(%1):\n"
                       "    scale(x, n)\n")
                   .arg(calls)
                   .arg(cacheLimit)
                   .toUtf8());
    return true;
}

} // namespace dynascope::bench
