// CodeView: a code object's canonical 3.11 instructions (caches skipped, EXTENDED_ARG folded),
// line numbers, exception-table coverage and loop ranges, as the tracer and runtime need them.
#pragma once

#include "python/pyref.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dynascope {

// One exception-table entry: an exception raised at an offset in [start, end) unwinds the stack
// to `depth` entries, pushes the raising instruction's index when `lasti`, then the exception, and
// jumps to `target`.
struct ExceptionHandler {
    int start = 0, end = 0, target = 0, depth = 0;
    bool lasti = false;
};

struct CodeInstruction {
    int offset = 0;
    int opcode = 0;
    int arg = 0;
    int line = 0;
    int next = 0;        // offset of the following instruction (after inline caches)
    int jumpTarget = -1; // for jumps
    const std::string *opname = nullptr;
};

class CodeView {
public:
    // Decodes (and caches, per code object) the instructions of `code`. Requires the GIL.
    static std::shared_ptr<const CodeView> of(PyObject *code);

    PyObject *code() const { return m_code.get(); }
    const std::vector<CodeInstruction> &instructions() const { return m_instructions; }
    // Index of the instruction at `offset`, or -1.
    int indexAt(int offset) const;
    const CodeInstruction *at(int offset) const;
    // Whether an exception handler covers `offset` (a try block or with statement).
    bool inTryBlock(int offset) const;
    // Whether every exception handler covering `offset` is the cleanup of a `with` block
    // (PUSH_EXC_INFO; WITH_EXCEPT_START): no try/except of the user's catches there.
    bool onlyWithBlocks(int offset) const;
    // The handler an exception raised at `offset` goes to, or null (it leaves the frame).
    const ExceptionHandler *handlerAt(int offset) const;
    // Whether `offset` lies in a loop body (between a backward jump's target and the jump).
    bool inLoop(int offset) const;
    // Names of localsplus slots (varnames, cellvars, freevars in slot order) and their kinds.
    const std::vector<std::string> &slotNames() const { return m_slotNames; }
    int slotCount() const { return static_cast<int>(m_slotNames.size()); }
    std::string qualname() const;
    std::string filename() const;
    int firstLine() const;

    // Opcode numbers and names of this CPython (from the `opcode` module).
    static int opcodeOf(const std::string &name);
    static const std::string &opnameOf(int opcode);

private:
    PyRef m_code;
    std::vector<CodeInstruction> m_instructions;
    std::map<int, int> m_index;
    std::vector<std::pair<int, int>> m_tryRanges; // [start, end)
    std::vector<int> m_tryTargets;                // handler offset of each try range
    std::vector<ExceptionHandler> m_handlers;     // the exception table, in its order
    std::vector<std::pair<int, int>> m_loops;     // [target, jump offset]
    std::vector<std::string> m_slotNames;
};

} // namespace dynascope
