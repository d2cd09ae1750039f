// CaptureGraphCollector: graph events in, Graphviz DOT/SVG files out.
#include "cli/capturegraphcollector.h"

#include "layout/graphlayout.h"
#include "runtime/captureevents.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace dynascope {

namespace {
bool writeText(const std::string &path, const std::string &text, std::string &error) {
    std::ofstream out(path, std::ios::binary);
    if (out)
        out << text;
    if (!out || !out.flush()) {
        error = "cannot write '" + path + "': " + std::strerror(errno);
        return false;
    }
    return true;
}
} // namespace

void CaptureGraphCollector::add(const Json &event) {
    const std::string type = event.value("type", "");
    if (type == EventType::Graph)
        m_input.graphs.push_back(event.get<CapturedGraph>());
    else if (type == EventType::GraphBreak)
        m_input.breaks.push_back(event.get<GraphBreakInfo>());
}

CaptureGraphCollector::~CaptureGraphCollector() {
    // The sink points at this object; the interpreter may outlive it.
    if (m_installed)
        setCaptureEventSink({});
}

void CaptureGraphCollector::install() {
    setCaptureEventSink([this](const Json &event) { add(event); });
    m_installed = true;
}

bool CaptureGraphCollector::writeSvg(const std::string &path, std::string &error) const {
    std::string layoutError;
    const std::string svg = graphSvg(m_input, &layoutError);
    if (svg.empty()) {
        error = "cannot draw the graphs: " + layoutError;
        return false;
    }
    return writeText(path, svg, error);
}

bool CaptureGraphCollector::writeDot(const std::string &path, std::string &error) const {
    return writeText(path, graphDot(m_input), error);
}

} // namespace dynascope
