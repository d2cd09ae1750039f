// A small recording shaped like CPython 3.11 running stepdemo.py (f(2, 3) then print), for stepper
// tests.
#pragma once

#include "model/instruction.h"
#include "model/step.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace dynascope::testing {

inline const char *const StepDemoFile = "/tmp/stepdemo.py";

// The script the steps below belong to (and that the real-recorder test runs).
inline const char *const StepDemoSource = "def f(a, b):\n"
                                          "    c = a * b + 1\n"
                                          "    return c\n"
                                          "\n"
                                          "\n"
                                          "x = f(2, 3)\n"
                                          "print(x)\n";

inline StackValue value(const std::string &type, const std::string &repr) {
    StackValue v;
    v.type = type;
    v.repr = repr;
    return v;
}

struct StepBuilder {
    std::vector<Step> steps;

    // Steps are added in the order the recorder sends them; `index` is the recorder's number
    // (given when the instruction started, so a CALL into recorded code has a smaller number
    // than its callee's steps but is sent after them).
    StepBuilder &add(long long index, long long frame, int depth, const std::string &function,
                     int line, int offset, const std::string &opname, const std::string &argrepr,
                     std::vector<StackValue> stack,
                     std::vector<std::pair<std::string, std::string>> locals = {},
                     const std::string &event = "instruction") {
        Step s;
        s.index = index;
        s.frame = frame;
        s.codeId = function == "<module>" ? "c1" : "c2";
        s.function = function;
        s.file = StepDemoFile;
        s.line = line;
        s.offset = offset;
        s.opname = opname;
        s.argrepr = argrepr;
        s.depth = depth;
        s.event = event;
        s.stack = std::move(stack);
        for (auto &[k, v] : locals)
            s.locals[k] = v;
        steps.push_back(std::move(s));
        return *this;
    }

    // The stack use the recorder writes for the step just added.
    StepBuilder &uses(int pops, int pushes) {
        steps.back().pops = pops;
        steps.back().pushes = pushes;
        return *this;
    }
};

// What `dynascope trace --json` printed for StepDemoSource (addresses shortened), in its order:
// 30 steps, a call event first in each frame, the returned value on each return event's stack,
// each instruction's pops and pushes.
inline std::vector<Step> stepDemoSteps() {
    const StackValue null = value("NULL", "NULL");
    const StackValue fn = value("function", "<function f at 0x7f01>");
    const StackValue pr = value("builtin_function_or_method", "<built-in function print>");
    const StackValue none = value("NoneType", "None");
    auto i = [](const char *r) { return value("int", r); };
    StepBuilder b;
    const std::string m = "<module>";
    b.add(0, 1, 0, m, 1, 0, "", "", {}, {}, "call");
    b.add(1, 1, 0, m, 1, 2, "LOAD_CONST", "<code object f>", {value("code", "<code object f>")})
        .uses(0, 1);
    b.add(2, 1, 0, m, 1, 4, "MAKE_FUNCTION", "", {fn}).uses(1, 1);
    b.add(3, 1, 0, m, 1, 6, "STORE_NAME", "f", {}, {{"f", fn.repr}}).uses(1, 0);
    b.add(4, 1, 0, m, 6, 8, "PUSH_NULL", "", {null}).uses(0, 1);
    b.add(5, 1, 0, m, 6, 10, "LOAD_NAME", "f", {null, fn}).uses(0, 1);
    b.add(6, 1, 0, m, 6, 12, "LOAD_CONST", "2", {null, fn, i("2")}).uses(0, 1);
    b.add(7, 1, 0, m, 6, 14, "LOAD_CONST", "3", {null, fn, i("2"), i("3")}).uses(0, 1);
    b.add(8, 1, 0, m, 6, 16, "PRECALL", "", {null, fn, i("2"), i("3")}).uses(0, 0);
    // f(2, 3): its own frame one level down; the CALL (step 9) completes after it.
    b.add(10, 2, 1, "f", 1, 0, "", "", {}, {{"a", "2"}, {"b", "3"}}, "call");
    b.add(11, 2, 1, "f", 2, 2, "LOAD_FAST", "a", {i("2")}).uses(0, 1);
    b.add(12, 2, 1, "f", 2, 4, "LOAD_FAST", "b", {i("2"), i("3")}).uses(0, 1);
    b.add(13, 2, 1, "f", 2, 6, "BINARY_OP", "*", {i("6")}).uses(2, 1);
    b.add(14, 2, 1, "f", 2, 10, "LOAD_CONST", "1", {i("6"), i("1")}).uses(0, 1);
    b.add(15, 2, 1, "f", 2, 12, "BINARY_OP", "+", {i("7")}).uses(2, 1);
    b.add(16, 2, 1, "f", 2, 16, "STORE_FAST", "c", {}, {{"c", "7"}}).uses(1, 0);
    b.add(17, 2, 1, "f", 3, 18, "LOAD_FAST", "c", {i("7")}).uses(0, 1);
    b.add(18, 2, 1, "f", 3, 20, "RETURN_VALUE", "", {}).uses(1, 0);
    b.add(19, 2, 1, "f", 3, 20, "", "7", {i("7")}, {}, "return");
    b.add(9, 1, 0, m, 6, 20, "CALL", "", {i("7")}).uses(4, 1);
    b.add(20, 1, 0, m, 6, 30, "STORE_NAME", "x", {}, {{"x", "7"}}).uses(1, 0);
    b.add(21, 1, 0, m, 7, 32, "PUSH_NULL", "", {null}).uses(0, 1);
    b.add(22, 1, 0, m, 7, 34, "LOAD_NAME", "print", {null, pr}).uses(0, 1);
    b.add(23, 1, 0, m, 7, 36, "LOAD_NAME", "x", {null, pr, i("7")}).uses(0, 1);
    b.add(24, 1, 0, m, 7, 38, "PRECALL", "", {null, pr, i("7")}).uses(0, 0);
    b.add(25, 1, 0, m, 7, 42, "CALL", "", {none}).uses(3, 1);
    b.add(26, 1, 0, m, 7, 52, "POP_TOP", "", {}).uses(1, 0);
    b.add(27, 1, 0, m, 7, 54, "LOAD_CONST", "None", {none}).uses(0, 1);
    b.add(28, 1, 0, m, 7, 56, "RETURN_VALUE", "", {}).uses(1, 0);
    b.add(29, 1, 0, m, 7, 56, "", "None", {none}, {}, "return");
    return b.steps;
}

inline Instruction instruction(int offset, const char *opname, const char *argrepr, int line) {
    Instruction ins;
    ins.offset = offset;
    ins.opname = opname;
    ins.argrepr = argrepr;
    ins.lineOfInstruction = line;
    return ins;
}

// The two code objects, as the bytecode stage describes them (values from CPython 3.11).
inline std::vector<CodeInfo> stepDemoCodes() {
    CodeInfo module;
    module.id = "c1";
    module.name = module.qualname = "<module>";
    module.filename = StepDemoFile;
    module.stackSize = 4;
    module.constants = {"<code object f>", "2", "3", "None"};
    module.names = {"f", "x", "print"};
    module.rawCodeHex = "9700640084005a000200650064016402a6020000ab0200000000000000005a0102"
                        "0065026501a6010000ab010000000000000000010064035300";
    module.instructions = {
        instruction(6, "STORE_NAME", "f", 1), instruction(10, "LOAD_NAME", "f", 6),
        instruction(30, "STORE_NAME", "x", 6), instruction(34, "LOAD_NAME", "print", 7),
        instruction(36, "LOAD_NAME", "x", 7)};
    CodeInfo f;
    f.id = "c2";
    f.name = f.qualname = "f";
    f.filename = StepDemoFile;
    f.firstLine = 1;
    f.argCount = 2;
    f.stackSize = 2;
    f.flags = 3;
    f.constants = {"None", "1"};
    f.varnames = {"a", "b", "c"};
    f.rawCodeHex = "97007c007c017a05000064017a0000007d027c025300";
    return {module, f};
}

} // namespace dynascope::testing
