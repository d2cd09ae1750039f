// Graphviz context, parse and layout with cleanup in the documented order.
#include "graphvizsession.h"

#include <cstring>
#include <deque>
#include <unordered_map>

namespace dynascope {

namespace {
// cgraph's default ID discipline uses the address of the interned name as a named object's ID,
// and orders subgraphs (clusters) by ID: the layout then depends on where malloc put the names,
// which differs from one layout to the next in a long-running process. Sequential IDs in order
// of first appearance make the layout a function of the DOT text alone.
struct SequentialIds {
    std::unordered_map<std::string, IDTYPE> ids;
    std::deque<std::string> names; // a deque: c_str() pointers stay valid as it grows
    IDTYPE nextAnonymous = 1;      // anonymous objects (edges) get odd IDs, names even ones
};

void *idOpen(Agraph_t *, Agdisc_t *) {
    return new SequentialIds;
}

long idMap(void *state, int, char *name, IDTYPE *id, int create) {
    auto *ids = static_cast<SequentialIds *>(state);
    if (!name) {
        *id = ids->nextAnonymous;
        ids->nextAnonymous += 2;
        return 1;
    }
    if (auto it = ids->ids.find(name); it != ids->ids.end()) {
        *id = it->second;
        return 1;
    }
    if (!create)
        return 0;
    ids->names.emplace_back(name);
    *id = 2 * static_cast<IDTYPE>(ids->names.size());
    ids->ids.emplace(name, *id);
    return 1;
}

long idAlloc(void *, int, IDTYPE) {
    return 0;
} // no caller asks for a particular ID
void idFree(void *, int, IDTYPE) {}

char *idPrint(void *state, int, IDTYPE id) {
    auto *ids = static_cast<SequentialIds *>(state);
    if (id % 2 != 0 || id / 2 == 0 || id / 2 > ids->names.size())
        return nullptr;
    return ids->names[id / 2 - 1].data();
}

void idClose(void *state) {
    delete static_cast<SequentialIds *>(state);
}
void idRegister(void *, int, void *) {}

Agiddisc_t sequentialIdDisc = {idOpen, idMap, idAlloc, idFree, idPrint, idClose, idRegister};

// Feeds the parser from a string, a line at a time as agmemread does.
struct TextReader {
    const char *data;
    std::size_t size;
    std::size_t pos = 0;
};

int readText(void *chan, char *buf, int bufsize) {
    auto *reader = static_cast<TextReader *>(chan);
    int n = 0;
    while (n < bufsize - 1 && reader->pos < reader->size) {
        const char c = reader->data[reader->pos++];
        buf[n++] = c;
        if (c == '\n')
            break;
    }
    buf[n] = '\0';
    return n;
}

Agraph_t *readDot(const std::string &text) {
    static Agiodisc_t io = {readText, AgIoDisc.putstr, AgIoDisc.flush};
    static Agdisc_t disc = {&AgMemDisc, &sequentialIdDisc, &io};
    TextReader reader{text.data(), text.size()};
    return agread(&reader, &disc);
}
} // namespace

std::mutex &graphvizMutex() {
    static std::mutex mutex;
    return mutex;
}

// One context for the process, never freed: Graphviz 2.43's pango plugin keeps a pointer to the
// last font name, which lives in the context, so a freed context leaves it dangling and the next
// context's first label reads freed memory (AddressSanitizer: heap-use-after-free in strcmp
// under textspan_size, found by the asan preset in tst_layout).
GVC_t *graphvizContext() {
    static GVC_t *context = gvContext();
    return context;
}

GraphvizSession::GraphvizSession(const std::string &dotText) {
    agseterr(AGMAX); // keep Graphviz quiet on stderr; errors are read back with aglasterr
    agreseterrors();
    m_context = graphvizContext();
    m_graph = readDot(dotText);
    if (!m_graph) {
        const char *last = aglasterr();
        m_error = std::string("Graphviz could not parse the graph") +
                  (last ? ": " + std::string(last) : "");
        return;
    }
    if (gvLayout(m_context, m_graph, "dot") != 0) {
        const char *last = aglasterr();
        m_error =
            std::string("Graphviz dot layout failed") + (last ? ": " + std::string(last) : "");
        return;
    }
    m_laidOut = true;
}

GraphvizSession::~GraphvizSession() {
    if (m_graph && m_laidOut)
        gvFreeLayout(m_context, m_graph);
    if (m_graph)
        agclose(m_graph); // the context is shared: graphvizContext()
}

} // namespace dynascope
