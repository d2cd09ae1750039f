// dis.stack_effect for CPython 3.11 opcodes: stackuse.h's net effect but for the call pair, usable
// without the GIL (the stepper and tracer need it).
#pragma once

#include <optional>

namespace dynascope {

// dis.stack_effect's jump argument: not taken, taken, or the larger of the two (jump=None).
enum class JumpMode { NotTaken, Taken, Max };

// dis.stack_effect(opcode, arg, jump) for a base opcode; nothing where dis raises ValueError
// (unused and specialised opcodes).
std::optional<int> stackEffect(int opcode, int arg, JumpMode jump = JumpMode::NotTaken);

} // namespace dynascope
