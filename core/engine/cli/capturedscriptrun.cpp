// The start-up, run and error reporting that `run` and `explain` share.
#include "cli/capturedscriptrun.h"

#include "cli/memorylimit.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "runtime/capturemodule.h"
#include "shim/torchshim.h"

#include <cstdio>
#include <exception>

namespace dynascope {

void writeThrough(const std::string &stream, const std::string &text) {
    FILE *out = stream == "stderr" ? stderr : stdout;
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
}

int runCapturedScript(const ScriptOptions &options,
                      const std::function<int(int status)> &afterRun) {
    Args argv{options.script};
    argv.insert(argv.end(), options.scriptArgs.begin(), options.scriptArgs.end());
    long long memoryLimit = 0;
    if (options.has("--memory-limit")) {
        std::string problem;
        std::optional<long long> limit = parseMemoryLimit(options.value("--memory-limit"), problem);
        if (limit)
            problem = applyMemoryLimit(*limit);
        if (!problem.empty()) {
            std::fprintf(stderr, "dynascope: %s\n", problem.c_str());
            return 2;
        }
        memoryLimit = *limit;
    }
    try {
        Interpreter interpreter(argv);
        // Declared after the interpreter: both hold Python objects and must go before it does.
        OutputCapture capture(writeThrough);
        ScriptRunner runner(options.script, options.scriptArgs);
        switch (runner.load()) {
        case ScriptRunner::LoadResult::CannotOpen:
            std::fprintf(stderr, "dynascope: cannot open '%s': %s\n", options.script.c_str(),
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
        if (runner.error()) {
            writeThrough("stderr", runner.error()->formatted);
            if (memoryLimit > 0 &&
                isAllocationFailure(runner.error()->type, runner.error()->message))
                std::fprintf(stderr,
                             "dynascope: the memory limit of %lld MB was reached "
                             "(--memory-limit MB raises it; 0 removes it)\n",
                             memoryLimit);
        }
        return afterRun(status);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "dynascope: %s\n", e.what());
        return 2;
    }
}

} // namespace dynascope
