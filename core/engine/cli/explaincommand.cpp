// `dynascope explain [--json] [--kernels] [--code DIR] FILE [ARGS...]`: runs a script with capture
// installed, then reports every compiled function's graphs, breaks, guards, recompiles and cache
// hits; --kernels adds the generated kernels per graph, --code writes their C++ sources to DIR.
#include "cli/capturedscriptrun.h"
#include "cli/capturegraphcollector.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "shim/torchshim.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>

namespace dynascope {

namespace {

ScriptOptionParser makeParser() {
    ScriptOptionParser parser("explain");
    parser.addFlag("--json", "print the report as one JSON document instead of text");
    parser.addOption("--svg", "OUT.svg", "also draw the captured graphs and breaks as SVG");
    parser.addOption("--dot", "OUT.dot", "also write them as Graphviz DOT");
    parser.addFlag("--kernels", "also list the generated kernels of every graph (backend=inductor)");
    parser.addOption("--code", "DIR", "also write every generated kernel source to DIR");
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
    const bool kernels = options->has("--kernels") || options->has("--code");
    if (kernels) // kernels built before each graph's first call returns, so the report lists them
        setenv("DYNASCOPE_KERNELS_SYNC", "1", 1);
    return runCapturedScript(*options, [&](int status) {
        // The report also after a failing script: what was captured up to the failure is the
        // point of running explain on it.
        std::string report = torchShimReport(options->has("--json"));
        if (kernels)
            report = torchShimCall("kernels_report", "explain",
                                   nlohmann::json{{"report", report},
                                                  {"json", options->has("--json")},
                                                  {"kernels", options->has("--kernels")},
                                                  {"code_dir", options->value("--code")}}
                                       .dump());
        writeThrough("stdout", report);
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
