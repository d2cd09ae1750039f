// Validating parser of the worker's command line.
#include "cli/workerrequest.h"

namespace dynascope {

std::optional<WorkerRequest> WorkerRequest::parse(const std::string &line, std::string &error) {
    Json json = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) {
        error = "command is not valid JSON";
        return std::nullopt;
    }
    if (!json.is_object()) {
        error = "command is not a JSON object";
        return std::nullopt;
    }
    WorkerRequest request;
    auto cmd = json.find("cmd");
    if (cmd == json.end() || !cmd->is_string()) {
        error = "command has no string field 'cmd'";
        return std::nullopt;
    }
    request.cmd = cmd->get<std::string>();
    if (request.cmd != "run") {
        error = "unknown command '" + request.cmd + "'";
        return std::nullopt;
    }
    auto script = json.find("script");
    if (script == json.end() || !script->is_string() || script->get<std::string>().empty()) {
        error = "command has no string field 'script'";
        return std::nullopt;
    }
    request.script = script->get<std::string>();
    if (auto args = json.find("args"); args != json.end() && !args->is_null()) {
        if (!args->is_array()) {
            error = "field 'args' is not a list of strings";
            return std::nullopt;
        }
        for (const Json &arg : *args) {
            if (!arg.is_string()) {
                error = "field 'args' is not a list of strings";
                return std::nullopt;
            }
            request.args.push_back(arg.get<std::string>());
        }
    }
    auto boolean = [&](const char *name, bool &out) {
        auto it = json.find(name);
        if (it == json.end() || it->is_null())
            return true;
        if (!it->is_boolean()) {
            error = std::string("field '") + name + "' is not true or false";
            return false;
        }
        out = it->get<bool>();
        return true;
    };
    if (!boolean("record", request.record) || !boolean("include_library", request.includeLibrary))
        return std::nullopt;
    if (auto it = json.find("max_steps"); it != json.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<long long>() < 0) {
            error = "field 'max_steps' is not a whole number >= 0";
            return std::nullopt;
        }
        request.maxSteps = it->get<long long>();
    }
    if (auto it = json.find("memory_limit_mb"); it != json.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<long long>() < 0 ||
            it->get<long long>() > (1LL << 20)) {
            error = "field 'memory_limit_mb' is not a whole number from 0 to 1048576";
            return std::nullopt;
        }
        request.memoryLimitMb = it->get<long long>();
    }
    request.raw = std::move(json);
    return request;
}

} // namespace dynascope
