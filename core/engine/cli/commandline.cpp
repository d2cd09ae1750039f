// The table of commands and `--help`.
#include "cli/commandline.h"
#include "cli/commands.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace dynascope {

namespace {
struct Command {
    const char *name;
    const char *usage;
    const char *summary;
    int (*run)(const Args &); // null: handled by the GUI (app/main.cpp)
};

const std::vector<Command> &commands() {
    static const std::vector<Command> table = {
        {"gui", "gui [FILE]", "open the GUI (the default with no command)", nullptr},
        {"run", "run FILE [ARGS...]", "run a script headless; exits with the script's status",
         runCommand},
        {"dis", "dis FILE", "disassemble a file exactly as `python3.11 -m dis` does", disCommand},
        {"trace", "trace FILE [--max-steps N] [--json]", "record every instruction of a run",
         traceCommand},
        {"explain", "explain FILE [--json] [--kernels] [--code DIR]",
         "report graphs, breaks and guards of torch.compile", explainCommand},
        {"bench", "bench FILE [--json] [--rounds N]",
         "time compiled functions against eager (S = T_base / T_comp)", benchCommand},
        {"worker", "worker", "the GUI's worker process (one JSON command on stdin)",
         workerCommand},
    };
    return table;
}

void printHelp(FILE *out) {
    std::fprintf(out, "Dynascope: see what a TorchDynamo-style compiler does to your Python code.\n\n"
                      "usage: dynascope [COMMAND] [ARGS...]\n\ncommands:\n");
    int width = 0;
    for (const Command &c : commands())
        width = std::max(width, static_cast<int>(std::strlen(c.usage)));
    for (const Command &c : commands())
        std::fprintf(out, "  %-*s  %s\n", width, c.usage, c.summary);
    std::fprintf(out, "\n  %-*s  %s\n", width, "--help", "show this help");
    std::fprintf(out, "  %-*s  %s\n", width, "--version",
                 "show the versions of Dynascope, Python, torch, Qt and Graphviz");
}
} // namespace

int runCommandLine(int argc, char **argv, const std::vector<std::string> &extraVersions) {
    if (argc >= 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) {
        printHelp(stdout);
        return 0;
    }
    if (argc >= 2 && (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "-V")))
        return versionCommand(Args(argv + 2, argv + argc), extraVersions);
    if (argc >= 2) {
        for (const Command &c : commands()) {
            if (c.run && argv[1] == std::string(c.name))
                return c.run(Args(argv + 2, argv + argc));
        }
    }
    std::fprintf(stderr, "dynascope: unknown command '%s'\n\n", argc >= 2 ? argv[1] : "");
    printHelp(stderr);
    return 2;
}

} // namespace dynascope
