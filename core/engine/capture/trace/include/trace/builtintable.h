// BuiltinTable: the Python builtins and standard-library callables the tracer models, one handler
// per name (Dynamo's BuiltinVariable.call_<name>, ItertoolsVariable…): "len", "itertools.chain",
// "collections.OrderedDict". Callables not in the table fold on constants, are inlined or break.
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
    // The handler of `fn` when it is the object a name in the table stands for, else null.
    BuiltinHandler find(PyObject *fn) const;
    // The names with a handler, for tests.
    std::vector<std::string> names() const;
    // The object a name stands for (borrowed): builtins.<name>, or <module>.<name> from a module
    // already imported; null when there is none.
    static PyObject *resolve(const std::string &name);

private:
    BuiltinTable();
    std::unordered_map<std::string, BuiltinHandler> m_handlers;
};

} // namespace dynascope
