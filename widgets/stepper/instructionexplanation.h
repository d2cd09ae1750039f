// One sentence, in our own words, saying what a CPython 3.11 instruction does (bytecode tooltips).
#pragma once

#include <QString>

namespace dynascope {

// `argrepr` is the argument as dis prints it ("a", "*", "NULL + print"); it is woven into the
// sentence where it helps. Unknown opcodes get a generic sentence (see isExplainedOpcode).
QString explainInstruction(const QString &opname, const QString &argrepr = QString());

// True when `opname` has a sentence of its own rather than the generic fallback.
bool isExplainedOpcode(const QString &opname);

} // namespace dynascope
