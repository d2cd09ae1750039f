// nonUtf8SourceMessage(): CPython 3.11's tokenizer checks (check_coding_spec, ensure_utf8).
#include "python/sourceencoding.h"

#include <cstdio>
#include <regex>
#include <vector>

namespace dynascope {

namespace {

// Tokenizer.c's valid_utf8: the length of the UTF-8 sequence at `s`, 0 when it is not one.
int validUtf8(const unsigned char *s) {
    int expected = 0;
    if (*s < 0x80)
        return 1;
    if (*s < 0xc0)
        return 0; // a continuation byte cannot start a sequence
    if (*s < 0xe0)
        expected = 1;
    else if (*s < 0xf0)
        expected = 2;
    else if (*s < 0xf8)
        expected = 3;
    else
        return 0;
    const int length = expected + 1;
    for (; expected; --expected)
        if (s[expected] < 0x80 || s[expected] >= 0xc0)
            return 0;
    return length;
}

// PEP 263: a comment on line 1 or 2 naming the encoding ("# -*- coding: latin-1 -*-").
bool declaresEncoding(const std::vector<std::string> &lines) {
    static const std::regex cookie(R"(^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+)");
    static const std::regex blankOrComment(R"(^[ \t\f]*(#.*)?\r?$)");
    for (size_t i = 0; i < lines.size() && i < 2; ++i) {
        if (std::regex_search(lines[i], cookie))
            return true;
        if (!std::regex_match(lines[i], blankOrComment))
            return false; // line 2 counts only after a comment or blank line 1
    }
    return false;
}

} // namespace

std::string nonUtf8SourceMessage(const std::string &source, const std::string &filename) {
    std::vector<std::string> lines;
    size_t start = source.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0; // a BOM means UTF-8
    while (start < source.size()) {
        size_t end = source.find('\n', start);
        end = end == std::string::npos ? source.size() : end + 1;
        lines.push_back(source.substr(start, end - start));
        start = end;
    }
    if (declaresEncoding(lines))
        return {};
    for (size_t n = 0; n < lines.size(); ++n) {
        const auto *c = reinterpret_cast<const unsigned char *>(lines[n].c_str());
        const auto *end = c + lines[n].size(); // NUL bytes included, as the tokenizer reads
        for (int length = 0; c < end; c += length) {
            if ((length = validUtf8(c)) == 0) {
                char text[400];
                std::snprintf(text, sizeof text,
                              "Non-UTF-8 code starting with '\\x%.2x' in file %s on line %zu, "
                              "but no encoding declared; see https://peps.python.org/pep-0263/ "
                              "for details",
                              *c, filename.c_str(), n + 1);
                return text;
            }
        }
    }
    return {};
}

} // namespace dynascope
