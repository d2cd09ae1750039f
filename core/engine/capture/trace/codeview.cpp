// CodeView: decoding from PyCode_GetCode with the `opcode` module's tables, read once.
#include "trace/codeview.h"

#include <unordered_map>

namespace dynascope {

namespace {

struct OpcodeTables {
    std::vector<std::string> names = std::vector<std::string>(256);
    std::vector<int> caches = std::vector<int>(256, 0);
    std::vector<bool> relJump = std::vector<bool>(256, false);
    std::unordered_map<std::string, int> byName;
    int extendedArg = 144;
};

const OpcodeTables &tables() {
    static OpcodeTables *t = [] {
        auto *t = new OpcodeTables;
        PyRef mod = PyRef::steal(PyImport_ImportModule("opcode"));
        PyRef names = PyRef::steal(PyObject_GetAttrString(mod.get(), "opname"));
        PyRef caches = PyRef::steal(PyObject_GetAttrString(mod.get(), "_inline_cache_entries"));
        PyRef hasjrel = PyRef::steal(PyObject_GetAttrString(mod.get(), "hasjrel"));
        for (int i = 0; i < 256; ++i) {
            const char *n = PyUnicode_AsUTF8(PyList_GetItem(names.get(), i));
            t->names[i] = n ? n : "";
            if (n && t->names[i].rfind("<", 0) != 0)
                t->byName[t->names[i]] = i;
            if (caches)
                t->caches[i] = static_cast<int>(PyLong_AsLong(PyList_GetItem(caches.get(), i)));
        }
        for (Py_ssize_t i = 0; hasjrel && i < PyList_Size(hasjrel.get()); ++i)
            t->relJump[PyLong_AsLong(PyList_GetItem(hasjrel.get(), i))] = true;
        t->extendedArg = t->byName["EXTENDED_ARG"];
        PyErr_Clear();
        return t;
    }();
    return *t;
}

} // namespace

int CodeView::opcodeOf(const std::string &name) {
    auto it = tables().byName.find(name);
    return it == tables().byName.end() ? -1 : it->second;
}

const std::string &CodeView::opnameOf(int opcode) {
    return tables().names[opcode & 255];
}

std::shared_ptr<const CodeView> CodeView::of(PyObject *code) {
    // Never destroyed: it holds Python references that must not be released after finalisation.
    static auto &cache = *new std::unordered_map<PyObject *, std::shared_ptr<CodeView>>;
    auto it = cache.find(code);
    if (it != cache.end())
        return it->second;
    auto view = std::make_shared<CodeView>();
    view->m_code = PyRef::borrow(code); // kept alive: the cache key stays valid
    const OpcodeTables &t = tables();
    PyRef bytes = PyRef::steal(PyCode_GetCode(reinterpret_cast<PyCodeObject *>(code)));
    const auto *data = reinterpret_cast<const unsigned char *>(PyBytes_AsString(bytes.get()));
    int size = static_cast<int>(PyBytes_Size(bytes.get()));
    // Line of every offset from co_lines().
    std::vector<int> lines(size / 2 + 1, 0);
    PyRef it2 = PyRef::steal(PyObject_CallMethod(code, "co_lines", nullptr));
    PyRef iter = it2 ? PyRef::steal(PyObject_GetIter(it2.get())) : PyRef();
    while (iter) {
        PyRef row = PyRef::steal(PyIter_Next(iter.get()));
        if (!row)
            break;
        long start = PyLong_AsLong(PyTuple_GetItem(row.get(), 0));
        long end = PyLong_AsLong(PyTuple_GetItem(row.get(), 1));
        PyObject *line = PyTuple_GetItem(row.get(), 2);
        for (long o = start; o < end && o / 2 < static_cast<long>(lines.size()); o += 2)
            lines[o / 2] = line == Py_None ? 0 : static_cast<int>(PyLong_AsLong(line));
    }
    PyErr_Clear();
    int extended = 0;
    int start = -1;
    for (int off = 0; off < size;) {
        int op = data[off], arg = data[off + 1] | extended;
        if (start < 0)
            start = off;
        int next = off + 2 + 2 * t.caches[op];
        if (op == t.extendedArg) {
            extended = arg << 8;
            off = next;
            continue;
        }
        extended = 0;
        CodeInstruction ins;
        ins.offset = start;
        ins.opcode = op;
        ins.arg = arg;
        ins.line = lines[off / 2];
        ins.next = next;
        ins.opname = &t.names[op];
        if (t.relJump[op]) {
            bool backward = ins.opname->find("BACKWARD") != std::string::npos;
            ins.jumpTarget = off + 2 + (backward ? -arg : arg) * 2;
            if (backward)
                view->m_loops.push_back({ins.jumpTarget, start});
        }
        view->m_index[start] = static_cast<int>(view->m_instructions.size());
        view->m_instructions.push_back(ins);
        start = -1;
        off = next;
    }
    // Exception table through dis, which knows its varint encoding.
    PyRef dis = PyRef::steal(PyImport_ImportModule("dis"));
    PyRef entries =
        dis ? PyRef::steal(PyObject_CallMethod(dis.get(), "_parse_exception_table", "O", code))
            : PyRef();
    for (Py_ssize_t i = 0; entries && i < PyList_Size(entries.get()); ++i) {
        PyObject *e = PyList_GetItem(entries.get(), i);
        PyRef s = PyRef::steal(PyObject_GetAttrString(e, "start"));
        PyRef en = PyRef::steal(PyObject_GetAttrString(e, "end"));
        PyRef target = PyRef::steal(PyObject_GetAttrString(e, "target"));
        if (s && en && target) {
            view->m_tryRanges.push_back({static_cast<int>(PyLong_AsLong(s.get())),
                                         static_cast<int>(PyLong_AsLong(en.get()))});
            view->m_tryTargets.push_back(static_cast<int>(PyLong_AsLong(target.get())));
        }
    }
    PyErr_Clear();
    PyObject *names = reinterpret_cast<PyCodeObject *>(code)->co_localsplusnames;
    for (Py_ssize_t i = 0; i < PyTuple_Size(names); ++i)
        view->m_slotNames.push_back(PyUnicode_AsUTF8(PyTuple_GetItem(names, i)));
    cache.emplace(code, view);
    return view;
}

int CodeView::indexAt(int offset) const {
    auto it = m_index.find(offset);
    return it == m_index.end() ? -1 : it->second;
}

const CodeInstruction *CodeView::at(int offset) const {
    int i = indexAt(offset);
    return i < 0 ? nullptr : &m_instructions[i];
}

bool CodeView::inTryBlock(int offset) const {
    for (const auto &r : m_tryRanges)
        if (offset >= r.first && offset < r.second)
            return true;
    return false;
}

bool CodeView::onlyWithBlocks(int offset) const {
    for (size_t i = 0; i < m_tryRanges.size(); ++i) {
        const auto &r = m_tryRanges[i];
        if (offset < r.first || offset >= r.second)
            continue;
        int at = indexAt(m_tryTargets[i]);
        if (at < 0 || at + 1 >= static_cast<int>(m_instructions.size()) ||
            *m_instructions[at].opname != "PUSH_EXC_INFO" ||
            *m_instructions[at + 1].opname != "WITH_EXCEPT_START")
            return false;
    }
    return true;
}

bool CodeView::inLoop(int offset) const {
    for (const auto &l : m_loops)
        if (offset >= l.first && offset <= l.second)
            return true;
    return false;
}

std::string CodeView::qualname() const {
    PyRef q = PyRef::steal(PyObject_GetAttrString(m_code.get(), "co_qualname"));
    PyErr_Clear();
    return q ? PyUnicode_AsUTF8(q.get()) : "?";
}

std::string CodeView::filename() const {
    auto *c = reinterpret_cast<PyCodeObject *>(m_code.get());
    return PyUnicode_AsUTF8(c->co_filename);
}

int CodeView::firstLine() const {
    return reinterpret_cast<PyCodeObject *>(m_code.get())->co_firstlineno;
}

} // namespace dynascope
