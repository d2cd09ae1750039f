// LocatedJson: parse with a line-counting input iterator, then pair lines with DOM nodes.
#include "locatedjson.h"

#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <vector>

namespace dynascope {

namespace {

// An input iterator over the text that counts the newlines the lexer has consumed, so the
// parser callback knows the line of the token it was just told about.
class LineCountingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    LineCountingIterator(const char *position, int *line) : m_position(position), m_line(line) {}
    reference operator*() const { return *m_position; }
    LineCountingIterator &operator++() {
        if (*m_position == '\n')
            ++*m_line;
        ++m_position;
        return *this;
    }
    LineCountingIterator operator++(int) {
        LineCountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const LineCountingIterator &other) const {
        return m_position == other.m_position;
    }
    bool operator!=(const LineCountingIterator &other) const { return !(*this == other); }

private:
    const char *m_position;
    int *m_line;
};

int lineAtByte(const std::string &text, size_t byte) {
    int line = 1;
    for (size_t i = 0; i < text.size() && i + 1 < byte; ++i)
        line += text[i] == '\n' ? 1 : 0;
    return line;
}

// nlohmann's message starts "[json.exception.parse_error.101] parse error at line 3, column 5: ";
// keep only what comes after the position.
std::string parseProblem(const std::string &what) {
    const size_t colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

} // namespace

std::optional<LocatedJson> LocatedJson::parse(const std::string &text, const std::string &name,
                                              std::string &error) {
    int line = 1;
    std::vector<int> objectLines;
    std::vector<int> keyLines;
    std::vector<std::set<std::string>> openObjects; // keys seen so far, innermost object last
    std::string duplicate;
    auto callback = [&](int, OrderedJson::parse_event_t event, OrderedJson &parsed) {
        using Event = OrderedJson::parse_event_t;
        if (event == Event::object_start) {
            objectLines.push_back(line);
            openObjects.emplace_back();
        } else if (event == Event::object_end && !openObjects.empty()) {
            openObjects.pop_back();
        } else if (event == Event::key) {
            keyLines.push_back(line);
            const std::string key = parsed.is_string() ? parsed.get<std::string>() : "";
            if (!openObjects.empty() && !openObjects.back().insert(key).second && duplicate.empty())
                duplicate = name + " line " + std::to_string(line) + ": the key \"" + key +
                            "\" appears twice in one object";
        }
        return true;
    };
    LocatedJson result;
    result.m_name = name;
    try {
        *result.m_root =
            OrderedJson::parse(LineCountingIterator(text.data(), &line),
                               LineCountingIterator(text.data() + text.size(), &line), callback);
    } catch (const OrderedJson::parse_error &e) {
        error = name + " line " + std::to_string(lineAtByte(text, e.byte)) +
                ": not valid JSON: " + parseProblem(e.what());
        return std::nullopt;
    }
    if (!duplicate.empty()) {
        error = duplicate;
        return std::nullopt;
    }
    size_t nextObject = 0;
    size_t nextKey = 0;
    result.assignLines(*result.m_root, objectLines, keyLines, nextObject, nextKey);
    return result;
}

void LocatedJson::assignLines(const OrderedJson &value, const std::vector<int> &objectLines,
                              const std::vector<int> &keyLines, size_t &nextObject,
                              size_t &nextKey) {
    if (value.is_object()) {
        if (nextObject < objectLines.size())
            m_objectLines[&value] = objectLines[nextObject];
        ++nextObject;
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (nextKey < keyLines.size())
                m_keyLines[{&value, it.key()}] = keyLines[nextKey];
            ++nextKey;
            assignLines(it.value(), objectLines, keyLines, nextObject, nextKey);
        }
    } else if (value.is_array()) {
        for (const OrderedJson &element : value)
            assignLines(element, objectLines, keyLines, nextObject, nextKey);
    }
}

std::optional<LocatedJson> LocatedJson::parseFile(const std::string &path, std::string &error) {
    const size_t slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = name + ": cannot be read (" + path + ")";
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str(), name, error);
}

int LocatedJson::lineOf(const OrderedJson &value) const {
    const auto it = m_objectLines.find(&value);
    return it == m_objectLines.end() ? 0 : it->second;
}

int LocatedJson::lineOfKey(const OrderedJson &object, const std::string &key) const {
    const auto it = m_keyLines.find({&object, key});
    return it == m_keyLines.end() ? lineOf(object) : it->second;
}

std::string LocatedJson::errorAt(const OrderedJson &object, const std::string &message,
                                 const std::string &key) const {
    const int line = key.empty() ? lineOf(object) : lineOfKey(object, key);
    return m_name + " line " + std::to_string(line) + ": " + message;
}

} // namespace dynascope
