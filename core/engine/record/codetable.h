// CodeTable: what the recorder knows about one code object (instruction names, locals, filter).
#pragma once

#include "bytecode/stackuse.h"
#include "model/instruction.h"
#include "python/pyref.h"

#include <Python.h>

#include <string>
#include <vector>

namespace dynascope {

class CodeTable {
public:
    struct Text {
        std::string opname, argrepr;
        int arg = -1; // IS_OP/CONTAINS_OP: the inversion flag, which argrepr leaves empty
        // What runs when CPython traces this offset, for its stack use: the base opcode and
        // folded argument, and the offset it falls through to when it does not jump. For an
        // EXTENDED_ARG that is the instruction it prefixes, which CPython runs without a trace
        // event of its own. -1 where unknown.
        int runOpcode = -1;
        int runArg = 0;
        int fallThrough = -1;
        // Its stack use when it falls through and when it jumps (bytecode/stackuse.h), looked
        // up once here rather than per step; {-1, -1} where the engine does not know it.
        StackUse fallThroughUse{-1, -1};
        StackUse jumpUse{-1, -1};
    };

    // Decodes `code` with the bytecode stage (canonical, deoptimised bytecode, as dis does);
    // falls back to dis.get_instructions, passed in as `getInstructions`. Requires the GIL; on
    // failure the table is empty and names read "?".
    CodeTable(PyCodeObject *code, std::string id, bool recorded, PyObject *getInstructions);

    const Text &at(int offset) const;
    const std::string &id() const { return m_info.id; }
    const std::string &function() const { return m_info.qualname; }
    const std::string &file() const { return m_info.filename; }
    bool recorded() const { return m_recorded; }
    bool optimized() const { return m_optimized; } // fast locals, not a names dict
    const CodeInfo &info() const { return m_info; }

    // Fast-local slots: name and whether the slot holds a cell (cell or free variable).
    int slotCount() const { return static_cast<int>(m_slotNames.size()); }
    const std::string &slotName(int i) const { return m_slotNames[i]; }
    bool slotIsCell(int i) const { return m_slotIsCell[i]; }

private:
    // Fills runOpcode, runArg and fallThrough of every instruction in m_info.
    void resolveRunningInstructions();

    PyRef m_code; // keeps the code (and so its address, our cache key) alive
    CodeInfo m_info;
    std::vector<Text> m_byUnit; // indexed by offset / 2
    std::vector<std::string> m_slotNames;
    std::vector<bool> m_slotIsCell;
    bool m_recorded = false;
    bool m_optimized = false;
};

} // namespace dynascope
