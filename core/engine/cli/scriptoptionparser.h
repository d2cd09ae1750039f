// ScriptOptionParser: parses `COMMAND [OPTIONS] FILE [ARGS...]` for run, trace and explain.
#pragma once

#include "cli/scriptoptions.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

class ScriptOptionParser {
public:
    explicit ScriptOptionParser(std::string command) : m_command(std::move(command)) {}

    // A flag: "--json". An option with a value: "--max-steps N" or "--max-steps=N".
    void addFlag(const std::string &name, const std::string &help);
    void addOption(const std::string &name, const std::string &valueName, const std::string &help);
    // By default, as with python3.11, everything after FILE belongs to the script. When set,
    // known options are also taken after FILE (for `trace FILE --json`); `--` ends them.
    void setOptionsAfterScript(bool allowed) { m_optionsAfterScript = allowed; }

    // nullopt on a usage error, with `error` naming it ("no script given", "unknown option
    // '--x'", "option '--max-steps' needs a value").
    std::optional<ScriptOptions> parse(const Args &args, std::string &error) const;
    // parse() for a command's front end: nullopt when the command must stop with `status`,
    // after printing the usage (stdout and 0 for --help; stderr, the error and 2 otherwise).
    std::optional<ScriptOptions> parseOrPrintUsage(const Args &args, int &status) const;
    // Prints "dynascope COMMAND: ERROR" and the usage to stderr; returns the usage status, 2.
    int usageError(const std::string &error) const;

    // "usage: dynascope run [--report OUT] FILE [ARGS...]" plus one line per option.
    std::string usage() const;

private:
    struct Option {
        std::string name, valueName, help;
    };
    const Option *find(const std::string &name) const;

    std::string m_command;
    std::vector<Option> m_options;
    bool m_optionsAfterScript = false;
};

} // namespace dynascope
