// Encoding and validating decoding of single stream events.
#include "model/event.h"

namespace dynascope {

std::string encodeEvent(const Json &event) {
    // Replace invalid UTF-8 (a script may print arbitrary bytes) instead of throwing.
    return event.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::optional<Event> decodeEvent(const std::string &line, std::string &error) {
    Json parsed = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) {
        error = "not valid JSON";
        return std::nullopt;
    }
    if (!parsed.is_object()) {
        error = "event is not a JSON object";
        return std::nullopt;
    }
    auto type = parsed.find("type");
    if (type == parsed.end() || !type->is_string()) {
        error = "event has no string field 'type'";
        return std::nullopt;
    }
    Event event;
    event.type = type->get<std::string>();
    event.body = std::move(parsed);
    return event;
}

} // namespace dynascope
