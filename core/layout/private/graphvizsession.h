// RAII around Graphviz: C locale for number parsing, a GVC context, a parsed-and-laid-out graph.
// Private: the only header that includes Graphviz's C headers.
#pragma once

#include <gvc.h>

#include <clocale>
#include <mutex>
#include <string>

namespace dynascope {

// cgraph keeps global state (the parser, the error buffer): one Graphviz call at a time.
std::mutex &graphvizMutex();
// The process's one Graphviz context (under graphvizMutex).
GVC_t *graphvizContext();

// Graphviz parses and prints numbers with the C library: "0.5", never "0,5".
class NumericLocaleGuard {
public:
    NumericLocaleGuard() {
        if (const char *old = std::setlocale(LC_NUMERIC, nullptr))
            m_previous = old;
        std::setlocale(LC_NUMERIC, "C");
    }
    ~NumericLocaleGuard() {
        if (!m_previous.empty())
            std::setlocale(LC_NUMERIC, m_previous.c_str());
    }
    NumericLocaleGuard(const NumericLocaleGuard &) = delete;
    NumericLocaleGuard &operator=(const NumericLocaleGuard &) = delete;

private:
    std::string m_previous;
};

// A DOT text parsed with agmemread and laid out with dot; freed in the order Graphviz wants
// (gvFreeLayout before agclose); the context is the shared graphvizContext().
class GraphvizSession {
public:
    explicit GraphvizSession(const std::string &dotText);
    ~GraphvizSession();
    GraphvizSession(const GraphvizSession &) = delete;
    GraphvizSession &operator=(const GraphvizSession &) = delete;

    bool isLaidOut() const { return m_laidOut; }
    const std::string &error() const { return m_error; }
    Agraph_t *graph() const { return m_graph; }
    GVC_t *context() const { return m_context; }

private:
    GVC_t *m_context = nullptr;
    Agraph_t *m_graph = nullptr;
    bool m_laidOut = false;
    std::string m_error;
};

} // namespace dynascope
