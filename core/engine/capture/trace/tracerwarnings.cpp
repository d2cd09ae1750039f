// warnings.catch_warnings in the trace (Dynamo's CatchWarningsCtxManagerVariable): the object is a
// new object of its Python class, made without running its __init__; a with-block over it is
// entered and left in the trace without touching the warnings module, whose state only matters
// to Python code that warns, and such code (warnings.warn) breaks.
#include "builtinhandlers.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <opcode.h>

namespace dynascope {

namespace {

PyObject *catchWarningsClass() {
    return BuiltinTable::resolve("warnings.catch_warnings");
}

bool isCatchWarnings(const ValuePtr &v) {
    const auto *made = v ? v->tryAs<NewObjectValue>() : nullptr;
    return made && made->cls.get() == catchWarningsClass();
}

} // namespace

// catch_warnings(**constants): the attributes its __init__ sets (_record, _module, _filter…, read
// from one made now: __init__ only stores its arguments), so the exit rebuilds an unentered object
// CPython's __enter__ accepts. Positional arguments, or a module other than warnings, are left to
// the generic path.
ValuePtr builtins::callCatchWarnings(Tracer &t, const ValuePtr &cls, TraceArgs &args,
                                     TraceKwargs &kwargs) {
    if (!args.empty())
        return nullptr;
    PyRef kw = PyRef::steal(PyDict_New());
    for (const auto &k : kwargs) {
        if (k.first == "module" && !k.second->isNone())
            return nullptr;
        PyDict_SetItemString(kw.get(), k.first.c_str(),
                             t.constantOf(k.second, "catch_warnings argument").get());
    }
    PyRef noArgs = PyRef::steal(PyTuple_New(0));
    PyRef made = PyRef::steal(PyObject_Call(cls->object.get(), noArgs.get(), kw.get()));
    PyObject *attrs = made ? PyObject_GenericGetDict(made.get(), nullptr) : nullptr;
    PyRef attrsRef = PyRef::steal(attrs);
    if (!attrs || !PyDict_Check(attrs)) {
        PyErr_Clear();
        return nullptr;
    }
    auto value = std::make_shared<NewObjectValue>(cls->object, cls->source);
    PyObject *key, *item;
    Py_ssize_t pos = 0;
    while (PyDict_Next(attrs, &pos, &key, &item))
        value->setAttr(PyUnicode_AsUTF8(key), t.wrapUnguarded(item));
    return value;
}

bool Tracer::isCatchWarningsExit(const ValuePtr &v) {
    const auto *m = v ? v->tryAs<MethodValue>() : nullptr;
    return m && v->kind == Value::Kind::BoundMethod && isCatchWarnings(m->self) &&
           m->name == "__exit__";
}

// BEFORE_WITH on it: marked entered (as __enter__ would, so entering twice still fails as in
// CPython), its __exit__ pushed, then what __enter__ returns: None, or with record=True the list
// the warnings would go to. That list only ever fills when Python code warns, which breaks; a
// block that binds it (`as log`) is left to CPython, so the list it reads is the real one.
bool Tracer::enterCatchWarnings(const ValuePtr &ctx) {
    if (!isCatchWarnings(ctx))
        return false;
    auto *made = ctx->as<NewObjectValue>();
    ValuePtr entered = made->attr("_entered");
    if (!entered || !entered->isConstant() || entered->object.get() != Py_False)
        throw GraphBreak(BreakId::PythonException, "catch_warnings entered twice");
    ValuePtr record = made->attr("_record");
    bool records = !record || !record->isConstant() || PyObject_IsTrue(record->object.get()) != 0;
    const auto &code = frame().view->instructions();
    bool discarded =
        frame().ip < static_cast<int>(code.size()) && code[frame().ip].opcode == POP_TOP;
    if (records && !discarded)
        throw GraphBreak(BreakId::UnsupportedCall,
                         "warnings.catch_warnings(record=True) as a name: the log it returns");
    made->setAttr("_entered", Value::constant(Py_True));
    PyRef exitFn = PyRef::steal(PyObject_GetAttrString(made->cls.get(), "__exit__"));
    if (!exitFn) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnsupportedCall, "catch_warnings without __exit__");
    }
    push(std::make_shared<MethodValue>(Value::Kind::BoundMethod, ctx, "__exit__", exitFn));
    push(Value::constant(Py_None));
    return true;
}

} // namespace dynascope
