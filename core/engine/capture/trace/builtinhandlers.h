// The handlers BuiltinTable registers, by file: builtins on any value (builtintable.cpp),
// iteration (builtiniterators.cpp) and containers (builtincontainers.cpp). Private to the stage.
#pragma once

#include "trace/builtintable.h"

namespace dynascope::builtins {

#define DYNASCOPE_BUILTIN(fn)                                                                      \
    ValuePtr fn(Tracer &t, const ValuePtr &callee, TraceArgs &args, TraceKwargs &kwargs);

// builtiniterators.cpp
DYNASCOPE_BUILTIN(callEnumerate)
DYNASCOPE_BUILTIN(callZip)
DYNASCOPE_BUILTIN(callZipLongest)
DYNASCOPE_BUILTIN(callMap)
DYNASCOPE_BUILTIN(callFilter)
DYNASCOPE_BUILTIN(callReversed)
DYNASCOPE_BUILTIN(callSorted)
DYNASCOPE_BUILTIN(callSequence)
DYNASCOPE_BUILTIN(callIter)
DYNASCOPE_BUILTIN(callNext)
DYNASCOPE_BUILTIN(callSum)
DYNASCOPE_BUILTIN(callMinMax)
DYNASCOPE_BUILTIN(callReduce)
DYNASCOPE_BUILTIN(callAnyAll)
DYNASCOPE_BUILTIN(callChain)
DYNASCOPE_BUILTIN(callIslice)
DYNASCOPE_BUILTIN(callCount)
DYNASCOPE_BUILTIN(callRepeat)
DYNASCOPE_BUILTIN(callCombinatoric)

// builtincontainers.cpp
DYNASCOPE_BUILTIN(callDict)
DYNASCOPE_BUILTIN(callDefaultDict)
DYNASCOPE_BUILTIN(callDeque)
DYNASCOPE_BUILTIN(callSet)
DYNASCOPE_BUILTIN(callNamedTupleFactory)

// tracerwarnings.cpp
DYNASCOPE_BUILTIN(callCatchWarnings)

// tracerfunctools.cpp
DYNASCOPE_BUILTIN(callPartial)

#undef DYNASCOPE_BUILTIN

// dict(mapping_or_pairs, **kwargs) into the Dict value `d`, as dict.__init__ and dict.update
// fill it (`source` may be null).
void fillDict(Tracer &t, const ValuePtr &d, const ValuePtr *source, TraceKwargs &kwargs);

// cls.fromkeys(...) for cls dict, OrderedDict or defaultdict: a Dict value; null for other
// classes (builtincontainers.cpp).
ValuePtr dictFromKeys(Tracer &t, const ValuePtr &cls, TraceArgs &args, TraceKwargs &kwargs);

// fn(*args, **kwargs) run now on the arguments' constants; throws a python_exception break when
// it raises.
PyRef foldCall(Tracer &t, PyObject *fn, const TraceArgs &args, const TraceKwargs &kwargs);

// A named tuple class called with Values (its fields bound as its __new__ binds them), or null
// when `type` is not a named tuple class.
ValuePtr instantiateNamedTuple(Tracer &t, PyObject *type, TraceArgs &args, TraceKwargs &kwargs);

} // namespace dynascope::builtins
