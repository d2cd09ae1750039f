// JSON codec for Instruction and CodeInfo; tolerant of missing fields (the stream is untrusted).
#include "model/instruction.h"

namespace dynascope {

namespace {
template <typename T> void putOptional(Json &j, const char *key, const std::optional<T> &v) {
    if (v)
        j[key] = *v;
}
std::optional<int> getOptionalInt(const Json &j, const char *key) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<int>();
}
std::vector<std::string> getStrings(const Json &j, const char *key) {
    std::vector<std::string> out;
    auto it = j.find(key);
    if (it != j.end() && it->is_array())
        for (const Json &s : *it)
            if (s.is_string())
                out.push_back(s.get<std::string>());
    return out;
}
} // namespace

void to_json(Json &j, const Instruction &i) {
    j = Json{{"offset", i.offset},         {"opcode", i.opcode},
             {"opname", i.opname},         {"argrepr", i.argrepr},
             {"line_of", i.lineOfInstruction}, {"is_jump_target", i.isJumpTarget}};
    putOptional(j, "arg", i.arg);
    putOptional(j, "jump_target", i.jumpTarget);
    putOptional(j, "starts_line", i.line);
    putOptional(j, "stack_effect", i.stackEffect);
    Json pos = Json::array({nullptr, nullptr, nullptr, nullptr});
    const std::optional<int> *parts[] = {&i.positions.line, &i.positions.endLine,
                                         &i.positions.column, &i.positions.endColumn};
    for (int k = 0; k < 4; ++k)
        if (*parts[k])
            pos[k] = **parts[k];
    j["positions"] = pos;
}

void from_json(const Json &j, Instruction &i) {
    i.offset = j.value("offset", 0);
    i.opcode = j.value("opcode", 0);
    i.opname = j.value("opname", std::string());
    i.argrepr = j.value("argrepr", std::string());
    i.lineOfInstruction = j.value("line_of", 0);
    i.isJumpTarget = j.value("is_jump_target", false);
    i.arg = getOptionalInt(j, "arg");
    i.jumpTarget = getOptionalInt(j, "jump_target");
    i.line = getOptionalInt(j, "starts_line");
    i.stackEffect = getOptionalInt(j, "stack_effect");
    if (auto it = j.find("positions"); it != j.end() && it->is_array() && it->size() == 4) {
        std::optional<int> *parts[] = {&i.positions.line, &i.positions.endLine,
                                       &i.positions.column, &i.positions.endColumn};
        for (int k = 0; k < 4; ++k)
            if ((*it)[k].is_number_integer())
                *parts[k] = (*it)[k].get<int>();
    }
}

void to_json(Json &j, const ExceptionTableEntry &e) {
    j = Json{{"start", e.start}, {"end", e.end}, {"target", e.target},
             {"depth", e.depth}, {"lasti", e.lasti}};
}

void from_json(const Json &j, ExceptionTableEntry &e) {
    e.start = j.value("start", 0);
    e.end = j.value("end", 0);
    e.target = j.value("target", 0);
    e.depth = j.value("depth", 0);
    e.lasti = j.value("lasti", false);
}

void to_json(Json &j, const CodeInfo &c) {
    j = Json{{"id", c.id},
             {"name", c.name},
             {"qualname", c.qualname},
             {"filename", c.filename},
             {"first_line", c.firstLine},
             {"argcount", c.argCount},
             {"posonlyargcount", c.posOnlyArgCount},
             {"kwonlyargcount", c.kwOnlyArgCount},
             {"stacksize", c.stackSize},
             {"flags", c.flags},
             {"constants", c.constants},
             {"names", c.names},
             {"varnames", c.varnames},
             {"freevars", c.freevars},
             {"cellvars", c.cellvars},
             {"co_code", c.rawCodeHex},
             {"instructions", c.instructions},
             {"exception_table", c.exceptionTable}};
}

void from_json(const Json &j, CodeInfo &c) {
    c.id = j.value("id", std::string());
    c.name = j.value("name", std::string());
    c.qualname = j.value("qualname", std::string());
    c.filename = j.value("filename", std::string());
    c.firstLine = j.value("first_line", 0);
    c.argCount = j.value("argcount", 0);
    c.posOnlyArgCount = j.value("posonlyargcount", 0);
    c.kwOnlyArgCount = j.value("kwonlyargcount", 0);
    c.stackSize = j.value("stacksize", 0);
    c.flags = j.value("flags", 0);
    c.constants = getStrings(j, "constants");
    c.names = getStrings(j, "names");
    c.varnames = getStrings(j, "varnames");
    c.freevars = getStrings(j, "freevars");
    c.cellvars = getStrings(j, "cellvars");
    c.rawCodeHex = j.value("co_code", std::string());
    c.instructions.clear();
    if (auto it = j.find("instructions"); it != j.end() && it->is_array())
        for (const Json &i : *it)
            if (i.is_object())
                c.instructions.push_back(i.get<Instruction>());
    c.exceptionTable.clear();
    if (auto it = j.find("exception_table"); it != j.end() && it->is_array())
        for (const Json &e : *it)
            if (e.is_object())
                c.exceptionTable.push_back(e.get<ExceptionTableEntry>());
}

} // namespace dynascope
