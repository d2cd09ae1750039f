// FieldReader: typed, checked reads of an object's fields in a LocatedJson, first error kept.
#pragma once

#include "model/lesson.h"
#include "model/locatedjson.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace dynascope {

// Every read names the line of the offending key on failure; after the first failure reads
// return defaults and error() keeps that first message (the one a teacher should fix first).
class FieldReader {
public:
    explicit FieldReader(const LocatedJson &document) : m_document(document) {}

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }
    void fail(const OrderedJson &object, const std::string &message,
              const std::string &key = std::string());

    // True when `value` is an object; else fails with "`what` must be an object".
    bool expectObject(const OrderedJson &value, const std::string &what);
    // Fails on a key not in `allowed` (a misspelt field must not be silently ignored).
    void onlyKeys(const OrderedJson &object, std::initializer_list<const char *> allowed,
                  const std::string &what);
    std::string string(const OrderedJson &object, const char *key, bool required);
    int integer(const OrderedJson &object, const char *key, int fallback, bool required);
    // A list of non-empty strings (["relu", "sin"]); empty when absent and not required.
    std::vector<std::string> strings(const OrderedJson &object, const char *key, bool required);
    bool boolean(const OrderedJson &object, const char *key, bool fallback);
    // {"en": "…", "zh_CN": "…"}: both languages, neither empty.
    LocalizedText localized(const OrderedJson &object, const char *key, bool required);
    // The value of `key` must be one of `choices`; returns its index (`fallback` when absent).
    int choice(const OrderedJson &object, const char *key,
               std::initializer_list<const char *> choices, int fallback);

private:
    const LocatedJson &m_document;
    std::string m_error;
};

} // namespace dynascope
