// Argument resolution as dis._get_instructions_bytes does it, one ArgumentKind at a time.
#include "bytecode/argumentresolver.h"

#include "bytecode/opcodes.h"
#include "bytecode/pytext.h"

#include <opcode.h>

namespace dynascope {

namespace {

std::vector<std::string> tupleTexts(PyObject *tuple, bool repr) {
    std::vector<std::string> out;
    if (!tuple || !PyTuple_Check(tuple))
        return out;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tuple); ++i) {
        PyObject *item = PyTuple_GET_ITEM(tuple, i);
        out.push_back(repr ? reprText(item) : utf8Text(item));
    }
    return out;
}

const std::string &at(const std::vector<std::string> &items, long long index) {
    static const std::string none;
    // Python indexing: dis would accept a negative index (from an overflowing EXTENDED_ARG).
    if (index < 0)
        index += static_cast<long long>(items.size());
    return index >= 0 && index < static_cast<long long>(items.size()) ? items[index] : none;
}

const char *const kCompareOps[] = {"<", "<=", "==", "!=", ">", ">="};
// opcode._nb_ops, in NB_* order.
const char *const kBinaryOps[] = {
    "+",  "&",  "//",  "<<",  "@",  "*",  "%",  "|",  "**",  ">>",  "-",  "/",  "^",
    "+=", "&=", "//=", "<<=", "@=", "*=", "%=", "|=", "**=", ">>=", "-=", "/=", "^="};
const char *const kConversions[] = {"", "str", "repr", "ascii"};
const char *const kFunctionFlags[] = {"defaults", "kwdefaults", "annotations", "closure"};

} // namespace

ArgumentResolver::ArgumentResolver(PyObject *object) {
    auto *code = reinterpret_cast<PyCodeObject *>(object);
    m_constantReprs = tupleTexts(code->co_consts, true);
    m_names = tupleTexts(code->co_names, false);
    m_localsPlusNames = tupleTexts(code->co_localsplusnames, false);
}

std::string ArgumentResolver::describe(int op, int arg, int offset) const {
    switch (argumentKind(op)) {
    case ArgumentKind::Const:
        // dis resolves only LOAD_CONST; KW_NAMES is in hasconst but shows no description.
        return op == LOAD_CONST ? at(m_constantReprs, arg) : std::string();
    case ArgumentKind::Name:
        return at(m_names, arg);
    case ArgumentKind::GlobalName: {
        const std::string &name = at(m_names, arg >> 1);
        return (arg & 1) && !name.empty() ? "NULL + " + name : name;
    }
    case ArgumentKind::RelativeJump:
        return "to " + std::to_string(*jumpTarget(op, offset, arg));
    case ArgumentKind::LocalName:
        return at(m_localsPlusNames, arg);
    case ArgumentKind::Compare:
        return arg >= 0 && arg < 6 ? kCompareOps[arg] : "";
    case ArgumentKind::FormatValue: {
        std::string text = kConversions[arg & 3];
        if (arg & 4)
            text += text.empty() ? "with format" : ", with format";
        return text;
    }
    case ArgumentKind::MakeFunction: {
        std::string text;
        for (int bit = 0; bit < 4; ++bit)
            if (arg & (1 << bit))
                text += (text.empty() ? "" : ", ") + std::string(kFunctionFlags[bit]);
        return text;
    }
    case ArgumentKind::BinaryOp:
        return arg >= 0 && arg < 26 ? kBinaryOps[arg] : "";
    default:
        return {};
    }
}

} // namespace dynascope
