// CaptureGraphCollector: keeps a run's graph and graph_break events and writes them as SVG or DOT.
#pragma once

#include "layout/graphlayoutinput.h"
#include "model/event.h"

#include <string>

namespace dynascope {

// For `explain --svg/--dot`: the graphs the capture stage reports, drawn by core/layout exactly as
// the GUI's graph view lays them out.
class CaptureGraphCollector {
public:
    CaptureGraphCollector() = default;
    CaptureGraphCollector(const CaptureGraphCollector &) = delete;
    CaptureGraphCollector &operator=(const CaptureGraphCollector &) = delete;
    ~CaptureGraphCollector();

    // Takes one capture event; other types are ignored.
    void add(const Json &event);
    // Becomes the capture stage's event sink (see runtime/captureevents.h).
    void install();
    const GraphLayoutInput &input() const { return m_input; }

    // Writes the file; on failure returns false with `error` naming the file and the cause.
    bool writeSvg(const std::string &path, std::string &error) const;
    bool writeDot(const std::string &path, std::string &error) const;

private:
    GraphLayoutInput m_input;
    bool m_installed = false;
};

} // namespace dynascope
