// `dynascope explain [--json] FILE [ARGS...]`: runs a script with capture installed, then reports
// every compiled function's graphs, breaks, guards, recompiles and cache hits.
#include "cli/capturedscriptrun.h"
#include "cli/capturegraphcollector.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "shim/torchshim.h"

#include <cstdio>

namespace dynascope {

namespace {

ScriptOptionParser makeParser() {
    ScriptOptionParser parser("explain");
    parser.addFlag("--json", "print the report as one JSON document instead of text");
    parser.addOption("--svg", "OUT.svg", "also draw the captured graphs and breaks as SVG");
    parser.addOption("--dot", "OUT.dot", "also write them as Graphviz DOT");
    // `explain FILE --json` reads naturally; `--` passes later options to the script.
    parser.setOptionsAfterScript(true);
    return parser;
}

} // namespace

int explainCommand(const Args &args) {
    ScriptOptionParser parser = makeParser();
    int status = 0;
    std::optional<ScriptOptions> options = parser.parseOrPrintUsage(args, status);
    if (!options)
        return status;

    // Outlives the interpreter, so the capture stage's sink never points at a dead collector.
    CaptureGraphCollector graphs;
    if (options->has("--svg") || options->has("--dot"))
        graphs.install();
    return runCapturedScript(*options, [&](int status) {
        // The report also after a failing script: what was captured up to the failure is the
        // point of running explain on it.
        writeThrough("stdout", torchShimReport(options->has("--json")));
        std::string drawError;
        if ((options->has("--svg") && !graphs.writeSvg(options->value("--svg"), drawError)) ||
            (options->has("--dot") && !graphs.writeDot(options->value("--dot"), drawError))) {
            std::fprintf(stderr, "dynascope explain: %s\n", drawError.c_str());
            return status ? status : 2;
        }
        return status;
    });
}

} // namespace dynascope
