// CodeIdAliases: content comparison of code objects and renaming of step events.
#include "codeidaliases.h"

namespace dynascope {

namespace {

// Everything but the id: two descriptions of one code object agree on all of it (same
// describer); a different constant or line table means a different code object.
bool sameContent(const CodeInfo &a, const CodeInfo &b) {
    if (a.filename != b.filename || a.qualname != b.qualname || a.firstLine != b.firstLine ||
        a.rawCodeHex != b.rawCodeHex || a.instructions.size() != b.instructions.size())
        return false;
    Json ja = a;
    Json jb = b;
    ja.erase("id");
    jb.erase("id");
    return ja == jb;
}

} // namespace

std::string CodeIdAliases::prefixOf(const std::string &id) {
    size_t end = id.find_first_of("0123456789");
    return id.substr(0, end == std::string::npos ? id.size() : end);
}

std::optional<std::string> CodeIdAliases::add(const CodeInfo &code,
                                              const std::vector<CodeInfo> &known) {
    const std::string prefix = prefixOf(code.id);
    // Identical code objects of one producer (two equal lambdas on a line) stay separate rows.
    for (const CodeInfo &other : known)
        if (other.id != code.id && prefixOf(other.id) != prefix && sameContent(code, other)) {
            m_aliases[code.id] = other.id;
            return other.id;
        }
    return std::nullopt;
}

std::string CodeIdAliases::resolve(const std::string &id) const {
    auto it = m_aliases.find(id);
    return it == m_aliases.end() ? id : it->second;
}

const std::string *CodeIdAliases::canonicalCodeOf(const Json &stepBody) const {
    if (m_aliases.empty() || !stepBody.is_object())
        return nullptr;
    auto code = stepBody.find("code");
    if (code == stepBody.end() || !code->is_string())
        return nullptr;
    auto alias = m_aliases.find(code->get_ref<const std::string &>());
    return alias == m_aliases.end() ? nullptr : &alias->second;
}

} // namespace dynascope
