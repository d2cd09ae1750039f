// CodeRegistry: records per code object and their Python form for records().
#include "runtime/coderecord.h"

#include "model/failuretext.h"
#include "trace/codeview.h"

#include <opcode.h>

namespace dynascope {

CodeRegistry &CodeRegistry::instance() {
    // Never destroyed: it holds Python references that must not be released after finalisation.
    static auto *registry = new CodeRegistry;
    return *registry;
}

CodeRecord &CodeRegistry::recordFor(PyObject *code, ShapePolicy::Mode mode) {
    auto it = m_byCode.find(code);
    if (it != m_byCode.end())
        return *it->second;
    auto r = std::make_unique<CodeRecord>();
    r->code = PyRef::borrow(code);
    auto view = CodeView::of(code);
    r->function = view->qualname();
    r->file = view->filename();
    r->firstLine = view->firstLine();
    r->shapes = std::make_unique<ShapePolicy>(mode);
    for (const CodeInstruction &ins : view->instructions()) {
        if (ins.opcode == MAKE_CELL) {
            r->prologue.makeCells.push_back(ins.arg);
        } else if (ins.opcode == COPY_FREE_VARS) {
            r->prologue.freeVars = ins.arg;
        } else {
            r->prologue.start = ins.offset;
            break;
        }
    }
    r->entryRegion = &r->regions[{0, 0}];
    m_byCode[code] = r.get();
    m_records.push_back(std::move(r));
    return *m_records.back();
}

void CodeRegistry::reset() {
    m_byCode.clear();
    m_records.clear();
    m_graphCount = 0;
    ++m_generation;
}

namespace {
PyRef str(const std::string &s) {
    return PyRef::steal(PyUnicode_FromString(s.c_str()));
}
PyRef num(long n) {
    return PyRef::steal(PyLong_FromLong(n));
}

PyRef fromJson(const Json &j) {
    PyRef json = PyRef::steal(PyImport_ImportModule("json"));
    return PyRef::steal(PyObject_CallMethod(json.get(), "loads", "s", j.dump().c_str()));
}
} // namespace

PyRef CodeRegistry::toPython() const {
    PyRef list = PyRef::steal(PyList_New(0));
    for (const auto &r : m_records) {
        PyRef d = PyRef::steal(PyDict_New());
        PyDict_SetItemString(d.get(), "function", str(r->function).get());
        PyDict_SetItemString(d.get(), "file", str(r->file).get());
        PyDict_SetItemString(d.get(), "first_line", num(r->firstLine).get());
        PyRef graphs = PyRef::steal(PyList_New(0));
        for (const PyRef &g : r->graphs)
            PyList_Append(graphs.get(), g.get());
        PyDict_SetItemString(d.get(), "graphs", graphs.get());
        Json breaks = Json::array();
        for (const GraphBreakInfo &b : r->breaks)
            breaks.push_back(b);
        PyDict_SetItemString(d.get(), "breaks", fromJson(breaks).get());
        Json entries = Json::array();
        for (size_t i = 0; i < r->entries.size(); ++i)
            entries.push_back(Json{
                {"region_start", r->entries[i].first},
                {"guards", r->entries[i].second},
                {"transformed", i < r->transformed.size() ? r->transformed[i] : std::string()}});
        PyDict_SetItemString(d.get(), "entries", fromJson(entries).get());
        Json recompiles = Json::array();
        for (const std::string &reason : r->recompiles)
            recompiles.push_back(Json{{"reason", reason}});
        PyDict_SetItemString(d.get(), "recompiles", fromJson(recompiles).get());
        PyDict_SetItemString(d.get(), "calls", num(r->calls).get());
        PyDict_SetItemString(d.get(), "cache_hits", num(r->cacheHits).get());
        PyDict_SetItemString(d.get(), "cache_misses", num(r->cacheMisses).get());
        Json calls = Json::array();
        const EntryGuardsLookup guards = [&r](int entry) -> const std::vector<GuardInfo> * {
            if (entry < 0 || entry >= static_cast<int>(r->entries.size()))
                return nullptr;
            return &r->entries[static_cast<size_t>(entry)].second;
        };
        for (const CallRecord &c : r->callLog) {
            Json j = resolvedCallJson(c, guards);
            j["function"] = r->function;
            calls.push_back(std::move(j));
        }
        PyDict_SetItemString(d.get(), "call_log", fromJson(calls).get());
        PyDict_SetItemString(d.get(), "calls_not_logged", num(r->callsNotLogged).get());
        PyList_Append(list.get(), d.get());
    }
    return list;
}

} // namespace dynascope
