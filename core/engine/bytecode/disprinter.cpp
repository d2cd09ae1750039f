// Column widths and separators follow Lib/dis.py (3.11): _OPNAME_WIDTH, _OPARG_WIDTH, line and
// offset widths that grow past 999 lines and 9998 bytes.
#include "bytecode/disprinter.h"

#include <algorithm>

namespace dynascope {

namespace {

constexpr int kOpnameWidth = 20;
constexpr int kOpargWidth = 5;

std::string rjust(const std::string &text, int width) {
    return text.size() >= static_cast<size_t>(width) ? text
                                                     : std::string(width - text.size(), ' ') + text;
}

std::string ljust(const std::string &text, int width) {
    return text.size() >= static_cast<size_t>(width) ? text
                                                     : text + std::string(width - text.size(), ' ');
}

void rstrip(std::string &text) {
    size_t end = text.find_last_not_of(" \t\n\r\f\v");
    text.erase(end == std::string::npos ? 0 : end + 1);
}

} // namespace

std::string DisPrinter::formatInstruction(const Instruction &in, int linenoWidth, int offsetWidth) {
    std::string line;
    if (linenoWidth) {
        line +=
            in.line ? rjust(std::to_string(*in.line), linenoWidth) : std::string(linenoWidth, ' ');
        line += ' ';
    }
    line += "   ";
    line += in.isJumpTarget ? " >> " : "    ";
    line += rjust(std::to_string(in.offset), offsetWidth) + ' ';
    line += ljust(in.opname, kOpnameWidth);
    if (in.arg) {
        line += ' ' + rjust(std::to_string(*in.arg), kOpargWidth);
        if (!in.argrepr.empty())
            line += " (" + in.argrepr + ')';
    }
    rstrip(line);
    return line;
}

std::string DisPrinter::formatCode(const DecodedCode &code) {
    int linenoWidth = 0;
    if (!code.lineStarts.empty()) {
        int maxLine = 0;
        for (const auto &start : code.lineStarts)
            maxLine = std::max(maxLine, start.second);
        linenoWidth = maxLine >= 1000 ? static_cast<int>(std::to_string(maxLine).size()) : 3;
    }
    int maxOffset = code.codeSize - 2;
    int offsetWidth = maxOffset >= 10000 ? static_cast<int>(std::to_string(maxOffset).size()) : 4;

    std::string out;
    for (const Instruction &in : code.info.instructions) {
        if (linenoWidth && in.line && in.offset > 0)
            out += '\n';
        out += formatInstruction(in, linenoWidth, offsetWidth) + '\n';
    }
    if (!code.info.exceptionTable.empty()) {
        out += "ExceptionTable:\n";
        for (const ExceptionTableEntry &e : code.info.exceptionTable) {
            out += "  " + std::to_string(e.start) + " to " + std::to_string(e.end - 2) + " -> " +
                   std::to_string(e.target) + " [" + std::to_string(e.depth) + "]" +
                   (e.lasti ? " lasti" : "") + '\n';
        }
    }
    return out;
}

std::string DisPrinter::formatTree(const std::vector<DecodedCode> &tree) {
    std::string out;
    for (size_t i = 0; i < tree.size(); ++i) {
        if (i > 0)
            out += "\nDisassembly of " + tree[i].repr + ":\n";
        out += formatCode(tree[i]);
    }
    return out;
}

} // namespace dynascope
