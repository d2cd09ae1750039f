// One recorded instruction of a real run (concrete stepping), as plain data.
#pragma once

#include "model/event.h"

#include <map>
#include <string>
#include <vector>

namespace dynascope {

struct StackValue {
    std::string type;     // type name: "int", "Tensor"
    std::string repr;     // bounded repr
    std::string shape;    // tensors only: "[3, 4]"
    std::string dtype;    // tensors only: "float32"
    bool requiresGrad = false;
    std::string stride;   // tensors only: "[4, 1]" (elements, as Tensor.stride() gives them)
};

struct Step {
    long long index = 0;  // step number from 0
    long long frame = 0;  // frame id, unique within the run
    std::string codeId;   // CodeInfo::id of the executing code object
    std::string function;
    std::string file;
    int line = 0;
    int offset = 0;
    std::string opname;
    int arg = -1;         // numeric argument, EXTENDED_ARG folded in; -1 when none
    std::string argrepr;
    int depth = 0;        // call depth, 0 = module level
    // "instruction" for an ordinary step; "call", "return" or "exception" for frame events.
    std::string event = "instruction";
    std::vector<StackValue> stack;             // value stack after the instruction, bottom first
    // What the instruction did to the stack on the path it took (bytecode/stackuse.h): the top
    // `pops` entries of the stack before it left, `pushes` new ones are on top of `stack`. -1
    // where the recorder could not tell (frame events, an instruction that raised, a step cut
    // short by stop()) and in captures made before the recorder wrote them.
    int pops = -1;
    int pushes = -1;
    std::map<std::string, std::string> locals; // locals that changed: name → repr
};

void to_json(Json &j, const StackValue &v);
void from_json(const Json &j, StackValue &v);
void to_json(Json &j, const Step &s);
void from_json(const Json &j, Step &s);

} // namespace dynascope
