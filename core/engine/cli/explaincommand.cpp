// `dynascope explain [--json] FILE [ARGS...]`: runs a script with capture installed, then reports
// every compiled function's graphs, breaks, guards, recompiles and cache hits.
#include "capture/capturemodule.h"
#include "capture/torchshim.h"
#include "cli/capturegraphcollector.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"

#include <cstdio>
#include <exception>

namespace dynascope {

namespace {

// Unbuffered, as in `run`: the script's output keeps its order with the report after it.
void writeThrough(const std::string &stream, const std::string &text) {
    FILE *out = stream == "stderr" ? stderr : stdout;
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
}

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
    std::string usageError;
    std::optional<ScriptOptions> options = parser.parse(args, usageError);
    if (!options) {
        std::fprintf(stderr, "dynascope explain: %s\n%s", usageError.c_str(),
                     parser.usage().c_str());
        return 2;
    }

    Args argv{options->script};
    argv.insert(argv.end(), options->scriptArgs.begin(), options->scriptArgs.end());
    try {
        Interpreter interpreter(argv);
        OutputCapture capture(writeThrough);
        ScriptRunner runner(options->script, options->scriptArgs);
        switch (runner.load()) {
        case ScriptRunner::LoadResult::CannotOpen:
            std::fprintf(stderr, "dynascope: cannot open '%s': %s\n", options->script.c_str(),
                         runner.openError().c_str());
            return 2;
        case ScriptRunner::LoadResult::CompileError:
            writeThrough("stderr", runner.error() ? runner.error()->formatted : std::string());
            return 1;
        case ScriptRunner::LoadResult::Loaded:
            break;
        }
        if (!installCaptureModule())
            return 2;
        installTorchShim();
        CaptureGraphCollector graphs;
        if (options->has("--svg") || options->has("--dot"))
            graphs.install();
        int status = runner.execute();
        if (runner.error())
            writeThrough("stderr", runner.error()->formatted);
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
    } catch (const std::exception &e) {
        std::fprintf(stderr, "dynascope: %s\n", e.what());
        return 2;
    }
}

} // namespace dynascope
