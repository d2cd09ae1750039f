// Per-code-object decoding for the recorder, built once at the code object's first call.
#include "record/codetable.h"

#include "bytecode/bytecodedecoder.h"
#include "bytecode/opcodes.h"
#include "record/framereader.h"

#include <opcode.h>

namespace dynascope {

namespace {
std::string text(PyObject *value) {
    if (!value || !PyUnicode_Check(value))
        return {};
    const char *utf8 = PyUnicode_AsUTF8(value);
    if (!utf8) {
        PyErr_Clear();
        return {};
    }
    return utf8;
}

std::string attrText(PyObject *object, const char *name) {
    PyRef value = PyRef::steal(PyObject_GetAttrString(object, name));
    PyErr_Clear();
    return text(value.get());
}

std::optional<int> attrInt(PyObject *object, const char *name) {
    PyRef value = PyRef::steal(PyObject_GetAttrString(object, name));
    if (!value || !PyLong_Check(value.get())) {
        PyErr_Clear();
        return std::nullopt;
    }
    long number = PyLong_AsLong(value.get());
    if (number == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return std::nullopt;
    }
    return static_cast<int>(number);
}
} // namespace

CodeTable::CodeTable(PyCodeObject *code, std::string id, bool recorded, PyObject *getInstructions)
    : m_code(PyRef::borrow(reinterpret_cast<PyObject *>(code))), m_recorded(recorded) {
    PyObject *object = reinterpret_cast<PyObject *>(code);
    m_info.id = std::move(id);
    fillCodeHeader(object, m_info);
    m_optimized = (code->co_flags & CO_OPTIMIZED) != 0;

    for (int i = 0; i < code->co_nlocalsplus; ++i) {
        m_slotNames.push_back(text(PyTuple_GET_ITEM(code->co_localsplusnames, i)));
        m_slotIsCell.push_back((dynascope_code_local_kind(code, i) & 0xC0) != 0); // CELL | FREE
    }
    if (!recorded)
        return; // only the filter decision is needed for library code

    // The bytecode stage's decoder (dis-identical, with names, constants, exception table);
    // dis.get_instructions below only if it produced nothing.
    CodeInfo decoded = decodeCode(object).info;
    PyErr_Clear();
    if (!decoded.instructions.empty()) {
        decoded.id = m_info.id;
        m_info = std::move(decoded);
        for (const Instruction &instruction : m_info.instructions) {
            size_t unit = static_cast<size_t>(instruction.offset / 2);
            if (m_byUnit.size() <= unit)
                m_byUnit.resize(unit + 1);
            m_byUnit[unit] = {instruction.opname, instruction.argrepr,
                              instruction.arg.value_or(-1)};
        }
        resolveRunningInstructions();
        return;
    }

    PyRef instructions =
        PyRef::steal(PyObject_CallFunctionObjArgs(getInstructions, object, nullptr));
    PyRef iterator = instructions ? PyRef::steal(PyObject_GetIter(instructions.get())) : PyRef();
    int currentLine = 0;
    while (iterator) {
        PyRef item = PyRef::steal(PyIter_Next(iterator.get()));
        if (!item)
            break;
        Instruction instruction;
        instruction.offset = attrInt(item.get(), "offset").value_or(0);
        instruction.opcode = attrInt(item.get(), "opcode").value_or(0);
        instruction.opname = attrText(item.get(), "opname");
        instruction.arg = attrInt(item.get(), "arg");
        instruction.argrepr = attrText(item.get(), "argrepr");
        instruction.line = attrInt(item.get(), "starts_line");
        if (instruction.line)
            currentLine = *instruction.line;
        instruction.lineOfInstruction = currentLine;
        PyRef jump = PyRef::steal(PyObject_GetAttrString(item.get(), "is_jump_target"));
        instruction.isJumpTarget = jump && PyObject_IsTrue(jump.get()) == 1;
        PyErr_Clear();
        size_t unit = static_cast<size_t>(instruction.offset / 2);
        if (m_byUnit.size() <= unit)
            m_byUnit.resize(unit + 1);
        m_byUnit[unit] = {instruction.opname, instruction.argrepr, instruction.arg.value_or(-1)};
        m_info.instructions.push_back(std::move(instruction));
    }
    PyErr_Clear();
    resolveRunningInstructions();
}

void CodeTable::resolveRunningInstructions() {
    const std::vector<Instruction> &instructions = m_info.instructions;
    for (size_t i = 0; i < instructions.size(); ++i) {
        size_t runs = i;
        while (instructions[runs].opcode == EXTENDED_ARG && runs + 1 < instructions.size())
            ++runs;
        const Instruction &instruction = instructions[runs];
        size_t unit = static_cast<size_t>(instructions[i].offset / 2);
        if (unit >= m_byUnit.size())
            continue;
        Text &text = m_byUnit[unit];
        text.runOpcode = baseOpcode(instruction.opcode);
        text.runArg = instruction.arg.value_or(0);
        text.fallThrough = instruction.offset + 2 * (1 + inlineCacheCount(text.runOpcode));
        const StackUse unknown{-1, -1};
        text.fallThroughUse =
            stackUse(text.runOpcode, text.runArg, JumpMode::NotTaken).value_or(unknown);
        text.jumpUse = stackUse(text.runOpcode, text.runArg, JumpMode::Taken).value_or(unknown);
    }
}

const CodeTable::Text &CodeTable::at(int offset) const {
    static const Text unknown{"?", ""};
    size_t unit = static_cast<size_t>(offset / 2);
    return offset >= 0 && unit < m_byUnit.size() ? m_byUnit[unit] : unknown;
}

} // namespace dynascope
