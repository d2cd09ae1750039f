// CodeView: the tracer's view of a code object, built on the bytecode library's decoder (the same
// one tested against `dis`), with EXTENDED_ARG prefixes folded into the instruction they extend.
#include "trace/codeview.h"

#include "bytecode/bytecodedecoder.h"
#include "bytecode/opcodes.h"

#include <opcode.h>

#include <array>
#include <unordered_map>

namespace dynascope {

namespace {

// opname of every opcode number, kept for the lifetime of the process (CodeInstruction points
// into it).
const std::array<std::string, 256> &opnames() {
    static const std::array<std::string, 256> names = [] {
        std::array<std::string, 256> n;
        for (int i = 0; i < 256; ++i)
            n[i] = opcodeName(i);
        return n;
    }();
    return names;
}

} // namespace

int CodeView::opcodeOf(const std::string &name) {
    return opcodeByName(name);
}

const std::string &CodeView::opnameOf(int opcode) {
    return opnames()[opcode & 255];
}

std::shared_ptr<const CodeView> CodeView::of(PyObject *code) {
    // Never destroyed: it holds Python references that must not be released after finalisation.
    static auto &cache = *new std::unordered_map<PyObject *, std::shared_ptr<CodeView>>;
    auto it = cache.find(code);
    if (it != cache.end())
        return it->second;
    auto view = std::make_shared<CodeView>();
    view->m_code = PyRef::borrow(code); // kept alive: the cache key stays valid
    DecodedCode decoded = decodeCode(code);
    // An instruction's offset is where its EXTENDED_ARG prefix starts: jump targets, f_lasti
    // resumption and region starts all name that offset.
    int prefixStart = -1;
    for (const Instruction &in : decoded.info.instructions) {
        if (prefixStart < 0)
            prefixStart = in.offset;
        if (in.opcode == EXTENDED_ARG)
            continue;
        CodeInstruction ins;
        ins.offset = prefixStart;
        ins.opcode = in.opcode;
        ins.arg = in.arg.value_or(0);
        ins.line = in.lineOfInstruction;
        ins.next = in.offset + 2 + 2 * inlineCacheCount(in.opcode);
        ins.opname = &opnames()[in.opcode & 255];
        if (in.jumpTarget) {
            ins.jumpTarget = *in.jumpTarget;
            if (isBackwardJump(in.opcode))
                view->m_loops.push_back({ins.jumpTarget, prefixStart});
        }
        view->m_index[prefixStart] = static_cast<int>(view->m_instructions.size());
        view->m_instructions.push_back(ins);
        prefixStart = -1;
    }
    for (const ExceptionTableEntry &e : decoded.info.exceptionTable) {
        view->m_tryRanges.push_back({e.start, e.end});
        view->m_tryTargets.push_back(e.target);
        view->m_handlers.push_back({e.start, e.end, e.target, e.depth, e.lasti});
    }
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

const ExceptionHandler *CodeView::handlerAt(int offset) const {
    // As CPython's get_exception_handler: the first entry whose range holds the offset.
    for (const ExceptionHandler &h : m_handlers)
        if (offset >= h.start && offset < h.end)
            return &h;
    return nullptr;
}

bool CodeView::onlyWithBlocks(int offset) const {
    for (size_t i = 0; i < m_tryRanges.size(); ++i) {
        const auto &r = m_tryRanges[i];
        if (offset < r.first || offset >= r.second)
            continue;
        int at = indexAt(m_tryTargets[i]);
        if (at < 0 || at + 1 >= static_cast<int>(m_instructions.size()) ||
            m_instructions[at].opcode != PUSH_EXC_INFO ||
            m_instructions[at + 1].opcode != WITH_EXCEPT_START)
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
