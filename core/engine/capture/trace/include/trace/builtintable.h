// BuiltinTable: the Python builtins the tracer models, one handler per name (Dynamo's
// BuiltinVariable.call_<name>). Builtins not in the table fold on constants or break.
#pragma once

#include "trace/value.h"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dynascope {

class Tracer;

using TraceArgs = std::vector<ValuePtr>;
using TraceKwargs = std::vector<std::pair<std::string, ValuePtr>>;
// Returns the call's result, or null when this call shape is not modelled (the tracer's generic
// path then folds it on constants or breaks). Throws GraphBreak where the call cannot be traced.
using BuiltinHandler = ValuePtr (*)(Tracer &tracer, const ValuePtr &fn, TraceArgs &args,
                                    TraceKwargs &kwargs);

// Whether every argument is known at trace time (the call may then run on the constants).
bool allConstant(const TraceArgs &args, const TraceKwargs &kwargs);

class BuiltinTable {
public:
    static const BuiltinTable &instance();
    // The handler of `fn` when it is builtins.<name> with a handler, else null.
    BuiltinHandler find(PyObject *fn, const std::string &name) const;
    // The names with a handler, for tests.
    std::vector<std::string> names() const;

private:
    BuiltinTable();
    std::unordered_map<std::string, BuiltinHandler> m_handlers;
};

} // namespace dynascope
