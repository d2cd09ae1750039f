// FieldReader: the checks shared by the lesson and drill readers.
#include "fieldreader.h"

#include <algorithm>

namespace dynascope {

void FieldReader::fail(const OrderedJson &object, const std::string &message,
                       const std::string &key) {
    if (m_error.empty())
        m_error = m_document.errorAt(object, message, key);
}

bool FieldReader::expectObject(const OrderedJson &value, const std::string &what) {
    if (value.is_object())
        return true;
    // A non-object has no line of its own; its parent's is the best we know.
    if (m_error.empty())
        m_error = m_document.name() + ": " + what + " must be an object";
    return false;
}

void FieldReader::onlyKeys(const OrderedJson &object, std::initializer_list<const char *> allowed,
                           const std::string &what) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const bool known = std::any_of(allowed.begin(), allowed.end(),
                                       [&](const char *key) { return it.key() == key; });
        if (!known) {
            std::string list;
            for (const char *key : allowed)
                list += (list.empty() ? "" : ", ") + std::string(key);
            fail(object, "unknown field \"" + it.key() + "\" in " + what + " (known: " + list + ")",
                 it.key());
        }
    }
}

std::string FieldReader::string(const OrderedJson &object, const char *key, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            fail(object, std::string("missing field \"") + key + "\"");
        return {};
    }
    if (!it->is_string()) {
        fail(object, std::string("field \"") + key + "\" must be a string", key);
        return {};
    }
    return it->get<std::string>();
}

int FieldReader::integer(const OrderedJson &object, const char *key, int fallback, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            fail(object, std::string("missing field \"") + key + "\"");
        return fallback;
    }
    if (!it->is_number_integer() || it->get<long long>() > 1000000000LL ||
        it->get<long long>() < -1000000000LL) {
        fail(object, std::string("field \"") + key + "\" must be a whole number", key);
        return fallback;
    }
    return it->get<int>();
}

std::vector<std::string> FieldReader::strings(const OrderedJson &object, const char *key,
                                              bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            fail(object, std::string("missing field \"") + key + "\"");
        return {};
    }
    std::vector<std::string> out;
    const bool list = it->is_array() && !it->empty();
    for (const OrderedJson &item : list ? *it : OrderedJson::array()) {
        if (!item.is_string() || item.get<std::string>().empty())
            break;
        out.push_back(item.get<std::string>());
    }
    if (!list || out.size() != it->size()) {
        fail(object, std::string("field \"") + key + "\" must be a list of names ([\"relu\", …])",
             key);
        return {};
    }
    return out;
}

bool FieldReader::boolean(const OrderedJson &object, const char *key, bool fallback) {
    const auto it = object.find(key);
    if (it == object.end())
        return fallback;
    if (!it->is_boolean()) {
        fail(object, std::string("field \"") + key + "\" must be true or false", key);
        return fallback;
    }
    return it->get<bool>();
}

LocalizedText FieldReader::localized(const OrderedJson &object, const char *key, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            fail(object, std::string("missing field \"") + key + "\"");
        return {};
    }
    if (!it->is_object()) {
        fail(object,
             std::string("field \"") + key + "\" must be an object {\"en\": …, \"zh_CN\": …}", key);
        return {};
    }
    onlyKeys(*it, {"en", "zh_CN"}, std::string("\"") + key + "\"");
    LocalizedText text;
    text.en = string(*it, "en", true);
    text.zhCN = string(*it, "zh_CN", true);
    if (ok() && (text.en.empty() || text.zhCN.empty()))
        fail(*it, std::string("field \"") + key + "\" has an empty text");
    return text;
}

int FieldReader::choice(const OrderedJson &object, const char *key,
                        std::initializer_list<const char *> choices, int fallback) {
    if (object.find(key) == object.end())
        return fallback;
    const std::string value = string(object, key, true);
    int index = 0;
    std::string list;
    for (const char *option : choices) {
        if (value == option)
            return index;
        list += (list.empty() ? "" : ", ") + std::string(option);
        ++index;
    }
    fail(object, std::string("field \"") + key + "\" is \"" + value + "\"; expected one of " + list,
         key);
    return fallback;
}

} // namespace dynascope
