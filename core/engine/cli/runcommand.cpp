// `dynascope run [OPTIONS] FILE [ARGS...]`: runs a script headless, as python3.11 FILE would.
#include "cli/capturedscriptrun.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "shim/torchshim.h"

#include <cstdio>
#include <fstream>

namespace dynascope {

namespace {

ScriptOptionParser makeParser() {
    ScriptOptionParser parser("run");
    // Options of `run` are declared here (e.g. --report OUT.json by the capture stage).
    parser.addOption("--report", "OUT.json",
                     "after the script, write the capture report (graphs, breaks, guards, "
                     "recompiles) as JSON");
    parser.addOption("--memory-limit", "MB",
                     "limit the process's address space (RLIMIT_AS) to MB megabytes; a script "
                     "that passes it gets MemoryError (torch needs ~1 GB to import)");
    return parser;
}

} // namespace

int runCommand(const Args &args) {
    ScriptOptionParser parser = makeParser();
    int status = 0;
    std::optional<ScriptOptions> options = parser.parseOrPrintUsage(args, status);
    if (!options)
        return status;

    return runCapturedScript(*options, [&](int status) {
        if (!options->has("--report"))
            return status;
        std::ofstream report(options->value("--report"));
        report << torchShimReport(true);
        if (!report) {
            std::fprintf(stderr, "dynascope: cannot write the report to '%s'\n",
                         options->value("--report").c_str());
            return status ? status : 2;
        }
        return status;
    });
}

} // namespace dynascope
