// JSON line pieces: string escaping (with a UTF-8 check), integers, doubles, keys.
#include "model/jsonlinewriter.h"

#include "model/event.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace dynascope::jsonline {

namespace {

bool isValidUtf8(const std::string &text) {
    const auto *bytes = reinterpret_cast<const unsigned char *>(text.data());
    size_t size = text.size();
    for (size_t i = 0; i < size;) {
        unsigned char c = bytes[i];
        size_t length = c < 0x80             ? 1
                        : (c & 0xE0) == 0xC0 ? 2
                        : (c & 0xF0) == 0xE0 ? 3
                        : (c & 0xF8) == 0xF0 ? 4
                                             : 0;
        if (length == 0 || i + length > size)
            return false;
        unsigned code = length == 1   ? c
                        : length == 2 ? c & 0x1F
                        : length == 3 ? c & 0x0F
                                      : c & 0x07;
        for (size_t k = 1; k < length; ++k) {
            if ((bytes[i + k] & 0xC0) != 0x80)
                return false;
            code = (code << 6) | (bytes[i + k] & 0x3F);
        }
        static const unsigned minimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < minimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return false;
        i += length;
    }
    return true;
}

// nlohmann's dump(): \" \\ \b \f \n \r \t, other control characters as \u00xx, UTF-8 as is.
// Runs of plain bytes are copied whole; most reprs have nothing to escape.
// 0: copied as is; 1: escaped; 2: not ASCII (the string is checked for valid UTF-8 once).
struct ByteClasses {
    unsigned char of[256];
    ByteClasses() {
        for (int c = 0; c < 256; ++c)
            of[c] = c < 0x20 || c == '"' || c == '\\' ? 1 : c >= 0x80 ? 2 : 0;
    }
};
const ByteClasses byteClasses;

} // namespace

void appendString(const std::string &text, std::string &out) {
    const auto *bytes = reinterpret_cast<const unsigned char *>(text.data());
    bool escapes = false, ascii = true;
    for (size_t i = 0; i < text.size(); ++i) {
        unsigned char kind = byteClasses.of[bytes[i]];
        escapes |= kind == 1;
        ascii &= kind != 2;
    }
    if (!ascii && !isValidUtf8(text)) {
        out += Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    if (!escapes) {
        out += '"';
        out += text;
        out += '"';
        return;
    }
    out += '"';
    const char *data = text.data();
    size_t runStart = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(data[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(data + runStart, i - runStart);
        runStart = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            static const char hex[] = "0123456789abcdef";
            char escape[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            out.append(escape, 6);
        }
        }
    }
    out.append(data + runStart, text.size() - runStart);
    out += '"';
}

void appendInteger(long long number, std::string &out) {
    char text[24];
    out.append(text,
               static_cast<size_t>(std::to_chars(text, text + sizeof text, number).ptr - text));
}

void appendKey(const char *key, std::string &out) {
    out += '"';
    out += key;
    out += "\":";
}

void appendDouble(double number, std::string &out) {
    if (!std::isfinite(number)) {
        out += "null";
        return;
    }
    char text[32];
    char *end = std::to_chars(text, text + sizeof text, number).ptr;
    out.append(text, static_cast<size_t>(end - text));
    if (std::find_if(text, end, [](char c) { return c == '.' || c == 'e'; }) == end)
        out += ".0";
}

} // namespace dynascope::jsonline
