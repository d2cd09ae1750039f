// ScriptOptions: what a script-running command was asked: its options, the script and its args.
#pragma once

#include "cli/commands.h"

#include <map>
#include <set>
#include <string>

namespace dynascope {

struct ScriptOptions {
    std::map<std::string, std::string> values; // options that take a value, by name ("--report")
    std::set<std::string> flags;               // options without a value that were given
    std::string script;
    Args scriptArgs;
    bool helpRequested = false; // --help or -h before FILE: print the usage, run nothing

    bool has(const std::string &name) const { return flags.count(name) || values.count(name); }
    std::string value(const std::string &name, const std::string &fallback = {}) const {
        auto it = values.find(name);
        return it == values.end() ? fallback : it->second;
    }
};

} // namespace dynascope
