// How a recorded stack value or local is written in the stepper's views (short, tensor-aware).
#pragma once

#include "model/step.h"

#include <QString>

namespace dynascope {

// "float32" → "f32", "int64" → "i64"; unknown names pass through.
QString shortDtype(const std::string &dtype);

// The text of a stack box: "6", "'abc'", "Tensor f32[2, 3]" (requires_grad adds " grad").
QString stackValueText(const StackValue &value);

// `text` cut to `maxChars` with an ellipsis.
QString elided(const QString &text, int maxChars);

// The Python NULL that PUSH_NULL / LOAD_GLOBAL put under a callable.
bool isNullValue(const StackValue &value);

// "f" from "<function f at 0x…>", "print" from "<built-in function print>", else the repr.
QString callableName(const StackValue &value);

} // namespace dynascope
