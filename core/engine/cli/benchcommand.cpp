// `dynascope bench [--json] [--rounds N] FILE [ARGS...]`: runs a script with capture installed and
// kernels built before first use, then times every compiled function it called against the same
// function run eagerly (interleaved rounds): T_base, T_comp, S = T_base / T_comp, t_guard, and
// each graph's and kernel's time.
#include "cli/capturedscriptrun.h"
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "shim/torchshim.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace dynascope {

int benchCommand(const Args &args) {
    ScriptOptionParser parser("bench");
    parser.addFlag("--json", "print the figures as one JSON document instead of text");
    parser.addOption("--rounds", "N", "interleaved rounds per figure (default 20)");
    parser.setOptionsAfterScript(true);
    std::string usageError;
    std::optional<ScriptOptions> options = parser.parse(args, usageError);
    int rounds = 20;
    if (options && options->has("--rounds")) {
        char *end = nullptr;
        const std::string text = options->value("--rounds");
        const long value = std::strtol(text.c_str(), &end, 10);
        if (text.empty() || *end || value < 3 || value > 10000) {
            usageError = "--rounds needs a whole number from 3 to 10000, not '" + text + "'";
            options.reset();
        } else {
            rounds = int(value);
        }
    }
    if (!options) {
        std::fprintf(stderr, "dynascope bench: %s\n%s", usageError.c_str(), parser.usage().c_str());
        return 2;
    }
    setenv("DYNASCOPE_BENCH", "1", 1);        // compiled functions remember their last arguments
    setenv("DYNASCOPE_KERNELS_SYNC", "1", 1); // kernels built before a graph's first call returns
    return runCapturedScript(*options, [&](int status) {
        if (status != 0)
            return status; // the script failed: its error is printed; nothing to time
        writeThrough("stdout",
                     torchShimCall("kernels_bench", "report",
                                   nlohmann::json{{"rounds", rounds}, {"json", options->has("--json")}}
                                       .dump()));
        return 0;
    });
}

} // namespace dynascope
