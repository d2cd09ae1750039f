// Decoding CPython 3.11 code objects into Instruction records, as dis.get_instructions does.
#pragma once

#include "bytecode/decodedcode.h"

#include <Python.h>

#include <cstdint>
#include <vector>

namespace dynascope {

// All functions require the GIL and a code object (PyCode_Check).

// A code object's own fields (names, counts, flags, variable names), without instructions.
void fillCodeHeader(PyObject *code, CodeInfo &info);

// The canonical bytecode (PyCode_GetCode: base opcodes, caches zero).
std::vector<std::uint8_t> canonicalCode(PyObject *code);
// The bytecode the interpreter executes (co_code_adaptive: quickened, caches live).
std::vector<std::uint8_t> adaptiveCode(PyObject *code);

// The code object's own instructions (from canonicalCode), not those of nested code objects.
DecodedCode decodeCode(PyObject *code);
// Decodes `bytes` with the code object's tables: e.g. deoptimiseCode(adaptiveCode(code)) for a
// frame that is running. Specialised opcodes are shown under their base opcode.
DecodedCode decodeCode(PyObject *code, const std::vector<std::uint8_t> &bytes);
// The code object, then every code object among its constants, depth first (dis's order).
std::vector<DecodedCode> decodeCodeTree(PyObject *code);

} // namespace dynascope
