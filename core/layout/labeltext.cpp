// Label text of nodes and break markers.
#include "layout/labeltext.h"

#include <sstream>

namespace dynascope {

std::string shortOpName(const std::string &op) {
    if (op == "placeholder")
        return "input";
    if (op == "call_function")
        return "call";
    if (op == "call_method")
        return "method";
    if (op == "call_module")
        return "module";
    if (op == "get_attr")
        return "attr";
    return op;
}

std::vector<std::string> wrapText(const std::string &text, std::size_t width) {
    std::vector<std::string> lines;
    std::istringstream words(text);
    std::string word;
    std::string line;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty())
        lines.push_back(line);
    return lines;
}

std::vector<std::string> nodeLabelLines(const GraphNode &node) {
    std::vector<std::string> lines{node.name.empty() ? std::string("?") : node.name};
    if (node.op != "output" || node.name != "output") { // "output / output" says nothing twice
        std::string what = shortOpName(node.op);
        if (!node.target.empty() && node.op != "output")
            what += " " + node.target;
        lines.push_back(what);
    }
    std::string meta = node.dtype;
    if (!node.shape.empty())
        meta += (meta.empty() ? "" : " ") + node.shape;
    if (!meta.empty())
        lines.push_back(meta);
    return lines;
}

std::vector<std::string> breakLabelLines(const GraphBreakInfo &info) {
    std::vector<std::string> lines{"graph break" +
                                   (info.typeId.empty() ? std::string() : ": " + info.typeId)};
    for (std::string &l : wrapText(info.reason, 48))
        lines.push_back(std::move(l));
    if (!info.userStack.empty()) {
        const SourceSite &site = info.userStack.back();
        std::string file = site.file;
        if (auto slash = file.find_last_of('/'); slash != std::string::npos)
            file = file.substr(slash + 1);
        lines.push_back("at " + file + ":" + std::to_string(site.line));
    }
    return lines;
}

} // namespace dynascope
