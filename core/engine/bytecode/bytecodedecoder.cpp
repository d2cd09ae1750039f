// The decoder: unpack opargs (EXTENDED_ARG folded, caches skipped), find labels, then build one
// Instruction per instruction with its line, positions, argument description and stack effect.
#include "bytecode/bytecodedecoder.h"

#include "bytecode/argumentresolver.h"
#include "bytecode/exceptiontable.h"
#include "bytecode/locationtable.h"
#include "bytecode/opcodes.h"
#include "bytecode/pytext.h"
#include "bytecode/stackeffect.h"

#include <opcode.h>

#include <map>
#include <set>

namespace dynascope {

namespace {

std::vector<std::uint8_t> bytesOf(PyObject *bytes) {
    if (!bytes || !PyBytes_Check(bytes))
        return {};
    auto *data = reinterpret_cast<const std::uint8_t *>(PyBytes_AS_STRING(bytes));
    return std::vector<std::uint8_t>(data, data + PyBytes_GET_SIZE(bytes));
}

std::vector<std::string> stringsOf(PyObject *tuple) {
    std::vector<std::string> out;
    if (tuple && PyTuple_Check(tuple))
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tuple); ++i)
            out.push_back(utf8Text(PyTuple_GET_ITEM(tuple, i)));
    return out;
}

std::string hexOf(const std::vector<std::uint8_t> &bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (std::uint8_t b : bytes) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

struct RawInstruction {
    int offset, opcode, base;
    std::optional<int> arg;
};

// dis._unpack_opargs: the oparg is a C int, so an EXTENDED_ARG prefix may wrap it negative.
std::vector<RawInstruction> unpackOpargs(const std::vector<std::uint8_t> &code) {
    std::vector<RawInstruction> out;
    long long extended = 0;
    int caches = 0;
    for (size_t i = 0; i + 1 < code.size(); i += 2) {
        if (caches) {
            --caches;
            continue;
        }
        RawInstruction raw{static_cast<int>(i), code[i], baseOpcode(code[i]), std::nullopt};
        caches = inlineCacheCount(raw.base);
        if (raw.base >= kHaveArgument) {
            long long arg = code[i + 1] | extended;
            extended = raw.base == EXTENDED_ARG ? arg << 8 : 0;
            if (extended >= (1LL << 31))
                extended -= 1LL << 32;
            raw.arg = static_cast<int>(arg);
        } else {
            extended = 0;
        }
        out.push_back(raw);
    }
    return out;
}

} // namespace

void fillCodeHeader(PyObject *object, CodeInfo &info) {
    auto *code = reinterpret_cast<PyCodeObject *>(object);
    info.name = utf8Text(code->co_name);
    info.qualname = utf8Text(code->co_qualname);
    info.filename = utf8Text(code->co_filename);
    info.firstLine = code->co_firstlineno;
    info.argCount = code->co_argcount;
    info.posOnlyArgCount = code->co_posonlyargcount;
    info.kwOnlyArgCount = code->co_kwonlyargcount;
    info.stackSize = code->co_stacksize;
    info.flags = code->co_flags;
    PyRef varnames = PyRef::steal(PyCode_GetVarnames(code));
    PyRef cellvars = PyRef::steal(PyCode_GetCellvars(code));
    PyRef freevars = PyRef::steal(PyCode_GetFreevars(code));
    PyErr_Clear();
    info.varnames = stringsOf(varnames.get());
    info.cellvars = stringsOf(cellvars.get());
    info.freevars = stringsOf(freevars.get());
}

std::vector<std::uint8_t> canonicalCode(PyObject *code) {
    PyRef bytes = PyRef::steal(PyCode_GetCode(reinterpret_cast<PyCodeObject *>(code)));
    if (!bytes)
        PyErr_Clear();
    return bytesOf(bytes.get());
}

std::vector<std::uint8_t> adaptiveCode(PyObject *object) {
    auto *code = reinterpret_cast<PyCodeObject *>(object);
    auto *data = reinterpret_cast<const std::uint8_t *>(code->co_code_adaptive);
    return std::vector<std::uint8_t>(data, data + Py_SIZE(code) * sizeof(_Py_CODEUNIT));
}

DecodedCode decodeCode(PyObject *code) {
    return decodeCode(code, canonicalCode(code));
}

DecodedCode decodeCode(PyObject *object, const std::vector<std::uint8_t> &bytes) {
    auto *code = reinterpret_cast<PyCodeObject *>(object);
    DecodedCode decoded;
    CodeInfo &info = decoded.info;
    fillCodeHeader(object, info);
    decoded.repr = reprText(object);
    decoded.codeSize = static_cast<int>(bytes.size());
    info.rawCodeHex = hexOf(bytes);

    ArgumentResolver resolver(object);
    info.constants = resolver.constantReprs();
    info.names = resolver.names();
    info.exceptionTable = parseExceptionTable(bytesOf(code->co_exceptiontable));
    LocationTable locations(bytesOf(code->co_linetable), code->co_firstlineno);
    decoded.lineStarts = locations.lineStarts();

    std::vector<RawInstruction> raws = unpackOpargs(bytes);
    std::set<int> labels;
    for (const RawInstruction &raw : raws)
        if (raw.arg)
            if (std::optional<int> target = jumpTarget(raw.base, raw.offset, *raw.arg))
                labels.insert(*target);
    for (const ExceptionTableEntry &entry : info.exceptionTable)
        if (entry.start < entry.end)
            labels.insert(entry.target);
    std::map<int, int> starts(decoded.lineStarts.begin(), decoded.lineStarts.end());

    for (const RawInstruction &raw : raws) {
        Instruction in;
        in.offset = raw.offset;
        in.opcode = raw.base;
        in.opname = opcodeName(raw.opcode);
        in.arg = raw.arg;
        if (raw.arg) {
            in.argrepr = resolver.describe(raw.base, *raw.arg, raw.offset);
            in.jumpTarget = jumpTarget(raw.base, raw.offset, *raw.arg);
        }
        if (auto it = starts.find(raw.offset); it != starts.end())
            in.line = it->second;
        in.lineOfInstruction = locations.lineAt(raw.offset).value_or(0);
        in.positions = locations.positionsAt(raw.offset);
        in.isJumpTarget = labels.count(raw.offset) > 0;
        in.stackEffect = stackEffect(raw.base, raw.arg.value_or(0));
        info.instructions.push_back(std::move(in));
    }
    return decoded;
}

std::vector<DecodedCode> decodeCodeTree(PyObject *code) {
    std::vector<DecodedCode> out;
    out.push_back(decodeCode(code));
    PyObject *consts = reinterpret_cast<PyCodeObject *>(code)->co_consts;
    for (Py_ssize_t i = 0; consts && i < PyTuple_GET_SIZE(consts); ++i)
        if (PyCode_Check(PyTuple_GET_ITEM(consts, i)))
            for (DecodedCode &nested : decodeCodeTree(PyTuple_GET_ITEM(consts, i)))
                out.push_back(std::move(nested));
    return out;
}

} // namespace dynascope
