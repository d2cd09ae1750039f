// Option parsing shared by the commands that run a script.
#include "cli/scriptoptionparser.h"

#include <cstdio>

namespace dynascope {

void ScriptOptionParser::addFlag(const std::string &name, const std::string &help) {
    m_options.push_back({name, {}, help});
}

void ScriptOptionParser::addOption(const std::string &name, const std::string &valueName,
                                   const std::string &help) {
    m_options.push_back({name, valueName, help});
}

const ScriptOptionParser::Option *ScriptOptionParser::find(const std::string &name) const {
    for (const Option &option : m_options)
        if (option.name == name)
            return &option;
    return nullptr;
}

std::optional<ScriptOptions> ScriptOptionParser::parse(const Args &args, std::string &error) const {
    ScriptOptions result;
    bool haveScript = false;
    bool optionsEnded = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        bool takeOptions = !optionsEnded && (!haveScript || m_optionsAfterScript);
        if (takeOptions && arg == "--") {
            optionsEnded = true;
            continue;
        }
        if (takeOptions && (arg == "--help" || arg == "-h")) {
            result.helpRequested = true;
            return result;
        }
        if (takeOptions && arg.size() > 1 && arg[0] == '-') {
            std::string name = arg, inlineValue;
            bool hasInlineValue = false;
            if (auto eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
                name = arg.substr(0, eq);
                inlineValue = arg.substr(eq + 1);
                hasInlineValue = true;
            }
            const Option *option = find(name);
            if (!option) {
                error = "unknown option '" + name + "'";
                return std::nullopt;
            }
            if (option->valueName.empty()) {
                if (hasInlineValue) {
                    error = "option '" + name + "' takes no value";
                    return std::nullopt;
                }
                result.flags.insert(name);
            } else if (hasInlineValue) {
                result.values[name] = inlineValue;
            } else if (i + 1 < args.size()) {
                result.values[name] = args[++i];
            } else {
                error = "option '" + name + "' needs a value";
                return std::nullopt;
            }
            continue;
        }
        if (!haveScript) {
            result.script = arg;
            haveScript = true;
        } else {
            result.scriptArgs.push_back(arg);
        }
    }
    if (!haveScript) {
        error = "no script given";
        return std::nullopt;
    }
    return result;
}

std::optional<ScriptOptions> ScriptOptionParser::parseOrPrintUsage(const Args &args,
                                                                   int &status) const {
    std::string error;
    std::optional<ScriptOptions> options = parse(args, error);
    if (!options) {
        status = usageError(error);
        return std::nullopt;
    }
    if (options->helpRequested) {
        std::fputs(usage().c_str(), stdout);
        status = 0;
        return std::nullopt;
    }
    return options;
}

int ScriptOptionParser::usageError(const std::string &error) const {
    std::fprintf(stderr, "dynascope %s: %s\n%s", m_command.c_str(), error.c_str(), usage().c_str());
    return 2;
}

std::string ScriptOptionParser::usage() const {
    std::string text = "usage: dynascope " + m_command;
    for (const Option &option : m_options)
        text += " [" + option.name + (option.valueName.empty() ? "" : " " + option.valueName) + "]";
    text += " FILE [ARGS...]\n";
    for (const Option &option : m_options) {
        std::string left = option.name + (option.valueName.empty() ? "" : " " + option.valueName);
        text += "  " + left + std::string(left.size() < 22 ? 22 - left.size() : 1, ' ') +
                option.help + "\n";
    }
    return text;
}

} // namespace dynascope
