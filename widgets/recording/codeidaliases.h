// CodeIdAliases: one id per code object when two producers in one stream describe it.
#pragma once

#include "model/event.h"
#include "model/instruction.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dynascope {

// The worker describes the module's code tree before running ("c1", "c2", …) and the recorder
// describes each code object again at its first call ("r1", "r2", …), and its steps name the
// recorder's ids. Views show one row per code object and look steps up by id, so a code event
// that repeats an earlier producer's code object (same content, another id prefix) becomes an
// alias of it, and step events are renamed to the id the views know. Saved recordings go
// through the same intake, so they resolve the same way when opened.
class CodeIdAliases {
public:
    void clear() { m_aliases.clear(); }
    bool isEmpty() const { return m_aliases.empty(); }

    // When `code` repeats a code object of `known` described by another producer, remembers
    // `code.id` as its alias and returns the known id; nullopt for a new code object.
    std::optional<std::string> add(const CodeInfo &code, const std::vector<CodeInfo> &known);
    // The id the views use for `id` (itself when it is no alias).
    std::string resolve(const std::string &id) const;
    // The canonical id for the "code" of a step event's body when that names an alias, else
    // null (the step keeps its own id).
    const std::string *canonicalCodeOf(const Json &stepBody) const;

    // "r" for "r12": the producer's prefix.
    static std::string prefixOf(const std::string &id);

private:
    std::map<std::string, std::string> m_aliases;
};

} // namespace dynascope
