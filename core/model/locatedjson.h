// LocatedJson: a JSON document parsed in document order, with the line of every object and key.
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace dynascope {

using OrderedJson = nlohmann::ordered_json;

// Hand-written files (lessons, drills) must say where a problem is: nlohmann's DOM forgets
// positions, so the parser's callback records the line of each object's '{' and of each key, and
// a pre-order walk of the (order-keeping) DOM pairs them up again. Lines count from 1.
class LocatedJson {
public:
    // Parses `text`; on failure returns nullopt and sets `error` to "NAME line N: what is wrong".
    static std::optional<LocatedJson> parse(const std::string &text, const std::string &name,
                                            std::string &error);
    // Reads and parses the file at `path`; messages name the file by its file name.
    static std::optional<LocatedJson> parseFile(const std::string &path, std::string &error);

    const OrderedJson &root() const { return *m_root; }
    const std::string &name() const { return m_name; }
    // The line of `value`'s opening brace when it is an object of this document, else 0.
    int lineOf(const OrderedJson &value) const;
    // The line of `key` inside `object`; the object's own line when the key is absent.
    int lineOfKey(const OrderedJson &object, const std::string &key) const;
    // "NAME line N: message" for the object (or its key) the message is about.
    std::string errorAt(const OrderedJson &object, const std::string &message,
                        const std::string &key = std::string()) const;

private:
    void assignLines(const OrderedJson &value, const std::vector<int> &objectLines,
                     const std::vector<int> &keyLines, size_t &nextObject, size_t &nextKey);

    // On the heap: the line maps key on node addresses, which must survive moving this object.
    std::shared_ptr<OrderedJson> m_root = std::make_shared<OrderedJson>();
    std::string m_name;
    std::map<const OrderedJson *, int> m_objectLines;
    std::map<std::pair<const OrderedJson *, std::string>, int> m_keyLines;
};

} // namespace dynascope
