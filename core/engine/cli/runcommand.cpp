// `dynascope run [OPTIONS] FILE [ARGS...]`: runs a script headless, as python3.11 FILE would.
#include "capture/capturemodule.h"
#include "capture/torchshim.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"

#include <cstdio>
#include <exception>
#include <fstream>

namespace dynascope {

namespace {

// Unbuffered on purpose: a user watching a long run sees each line when the script writes it.
void writeThrough(const std::string &stream, const std::string &text) {
    FILE *out = stream == "stderr" ? stderr : stdout;
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
}

ScriptOptionParser makeParser() {
    ScriptOptionParser parser("run");
    // Options of `run` are declared here (e.g. --report OUT.json by the capture stage).
    parser.addOption("--report", "OUT.json",
                     "after the script, write the capture report (graphs, breaks, guards, "
                     "recompiles) as JSON");
    return parser;
}

} // namespace

int runCommand(const Args &args) {
    ScriptOptionParser parser = makeParser();
    std::string usageError;
    std::optional<ScriptOptions> options = parser.parse(args, usageError);
    if (!options) {
        std::fprintf(stderr, "dynascope run: %s\n%s", usageError.c_str(), parser.usage().c_str());
        return 2;
    }

    Args argv{options->script};
    argv.insert(argv.end(), options->scriptArgs.begin(), options->scriptArgs.end());
    try {
        Interpreter interpreter(argv);
        // Declared after the interpreter: both hold Python objects and must go before it does.
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
        // Stages that change how the script runs (the torch.compile shim) install themselves here.
        if (!installCaptureModule())
            return 2;
        installTorchShim();
        int status = runner.execute();
        if (runner.error())
            writeThrough("stderr", runner.error()->formatted);
        if (options->has("--report")) {
            std::ofstream report(options->value("--report"));
            report << torchShimReport(true);
            if (!report) {
                std::fprintf(stderr, "dynascope: cannot write the report to '%s'\n",
                             options->value("--report").c_str());
                return status ? status : 2;
            }
        }
        return status;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "dynascope: %s\n", e.what());
        return 2;
    }
}

} // namespace dynascope
