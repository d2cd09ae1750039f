// ArgumentResolver: what dis shows for an instruction's argument (argrepr), from one code object.
#pragma once

#include <Python.h>

#include <string>
#include <vector>

namespace dynascope {

class ArgumentResolver {
public:
    // Reads the code object's constants, names and localsplus names. Requires the GIL.
    explicit ArgumentResolver(PyObject *code);

    // dis's argrepr for base opcode `op` with argument `arg` at byte `offset` (as
    // dis._get_instructions_bytes); empty where dis shows none or the index is out of range.
    std::string describe(int op, int arg, int offset) const;

    const std::vector<std::string> &constantReprs() const { return m_constantReprs; }
    const std::vector<std::string> &names() const { return m_names; }
    // co_localsplusnames: locals, then cells, then free variables, as LOAD_FAST/LOAD_DEREF index.
    const std::vector<std::string> &localsPlusNames() const { return m_localsPlusNames; }

private:
    std::vector<std::string> m_constantReprs;
    std::vector<std::string> m_names;
    std::vector<std::string> m_localsPlusNames;
};

} // namespace dynascope
