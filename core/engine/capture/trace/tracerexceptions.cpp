// Exceptions inside the trace (Dynamo's ExceptionVariable and exception-table handling in 3.11):
// exception values, RAISE_VARARGS, the handler lookup when an instruction raises, and the handler
// opcodes (PUSH_EXC_INFO, CHECK_EXC_MATCH, POP_EXCEPT, RERAISE, WITH_EXCEPT_START).
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {

using K = Value::Kind;

// Whether instances of `cls` are made by BaseException's own __new__/__init__ (args kept as given)
// and read only through slots CPython defines: every class on its MRO is a builtin one, or a class
// statement's that defines no functions, properties or other descriptors of its own
// (`class MyError(Exception): pass`), under the plain `type` metaclass.
bool plainExceptionClass(PyObject *cls) {
    auto *type = reinterpret_cast<PyTypeObject *>(cls);
    if (Py_TYPE(cls) != &PyType_Type)
        return false;
    auto *base = reinterpret_cast<PyTypeObject *>(PyExc_BaseException);
    if (type->tp_init != base->tp_init || type->tp_new != base->tp_new)
        return false;
    PyObject *mro = type->tp_mro;
    for (Py_ssize_t i = 0; mro && i < PyTuple_GET_SIZE(mro); ++i) {
        auto *t = reinterpret_cast<PyTypeObject *>(PyTuple_GET_ITEM(mro, i));
        if (!(t->tp_flags & Py_TPFLAGS_HEAPTYPE))
            continue;
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(t->tp_dict, &pos, &key, &value)) {
            const char *k = PyUnicode_AsUTF8(key);
            std::string name = k ? k : "";
            if (name == "__module__" || name == "__qualname__" || name == "__doc__" ||
                name == "__dict__" || name == "__weakref__")
                continue;
            return false;
        }
    }
    return true;
}

// cls(*args) made now, when every argument is known at trace time; null (no error set) otherwise
// or when CPython's constructor refuses them.
PyRef instanceNow(PyObject *cls, const std::vector<ValuePtr> &args) {
    PyRef tuple = PyRef::steal(PyTuple_New(static_cast<Py_ssize_t>(args.size())));
    for (size_t i = 0; i < args.size(); ++i) {
        PyRef c = args[i]->asPython();
        if (!c)
            return {};
        PyTuple_SET_ITEM(tuple.get(), static_cast<Py_ssize_t>(i), c.release());
    }
    PyRef made = PyRef::steal(PyObject_Call(cls, tuple.get(), nullptr));
    if (!made)
        PyErr_Clear();
    return made;
}

} // namespace

RaisedException::RaisedException(ValuePtr value)
    : GraphBreak(BreakId::PythonException, "unhandled " + value->describe()),
      exception(std::move(value)) {}

bool RaisedException::isInstance(PyObject *type) const {
    return exception->as<ExceptionValue>()->matches(type);
}

ValuePtr Tracer::makeException(PyObject *cls, const std::vector<ValuePtr> &args,
                               const std::vector<std::pair<std::string, ValuePtr>> &kwargs) {
    if (!PyExceptionClass_Check(cls) || !kwargs.empty())
        return nullptr;
    if (!plainExceptionClass(cls)) {
        // A builtin class with its own constructor (StopIteration, OSError, KeyError's str…) is
        // modelled only when CPython accepts the arguments (tried on the constants) and no
        // attribute beyond `args` is read.
        // (OSError with two or more arguments picks a subclass by errno and fills errno and
        // strerror; with one or none it is a plain instance.)
        if ((reinterpret_cast<PyTypeObject *>(cls)->tp_flags & Py_TPFLAGS_HEAPTYPE) ||
            (args.size() > 1 && PyType_IsSubtype(reinterpret_cast<PyTypeObject *>(cls),
                                                 reinterpret_cast<PyTypeObject *>(PyExc_OSError))))
            return nullptr;
        if (!instanceNow(cls, args))
            return nullptr;
    }
    return std::make_shared<ExceptionValue>(PyRef::borrow(cls), args);
}

void Tracer::raise(const ValuePtr &exception) {
    throw RaisedException(exception);
}

void Tracer::raiseChained(const ValuePtr &exception) {
    auto *e = exception->as<ExceptionValue>();
    const ValuePtr &handled = m_handledException;
    if (handled && handled != exception) {
        auto *h = handled->tryAs<ExceptionValue>();
        if (!h || h->isStateMarker()) {
            e->contextKnown = false; // an exception the trace does not model
            raise(exception);
        }
        // No new cycle: a link of the handled exception's chain that is this exception is cut
        // (Floyd's walk, as CPython, stops at a cycle that was already there).
        ExceptionValue *slow = h, *o = h;
        bool toggle = false;
        while (o->context) {
            auto *next = o->context->tryAs<ExceptionValue>();
            if (o->context == exception) {
                o->context = nullptr;
                o->contextKnown = true;
                break;
            }
            if (!next)
                break;
            o = next;
            if (o == slow)
                break;
            if (toggle)
                slow = slow->context ? slow->context->tryAs<ExceptionValue>() : slow;
            toggle = !toggle;
        }
        e->context = handled;
        e->contextKnown = true;
    }
    raise(exception);
}

void Tracer::raisePython(PyObject *cls, std::vector<ValuePtr> args) {
    raiseChained(std::make_shared<ExceptionValue>(PyRef::borrow(cls), std::move(args)));
}

void Tracer::raisePendingError(const std::string &what) {
    PyObject *type = nullptr, *value = nullptr, *tb = nullptr;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyRef t = PyRef::steal(type), v = PyRef::steal(value), trace = PyRef::steal(tb);
    auto *cls = reinterpret_cast<PyTypeObject *>(t.get());
    bool builtin = t && v && PyExceptionClass_Check(t.get()) &&
                   !(cls->tp_flags & Py_TPFLAGS_HEAPTYPE) &&
                   !PyType_IsSubtype(cls, reinterpret_cast<PyTypeObject *>(PyExc_OSError));
    PyRef args = builtin ? PyRef::steal(PyObject_GetAttrString(v.get(), "args")) : PyRef();
    PyErr_Clear();
    std::vector<ValuePtr> items;
    for (Py_ssize_t i = 0; args && PyTuple_Check(args.get()) && i < PyTuple_GET_SIZE(args.get());
         ++i) {
        PyObject *a = PyTuple_GET_ITEM(args.get(), i);
        if (!(PyUnicode_CheckExact(a) || PyLong_CheckExact(a) || PyFloat_CheckExact(a) ||
              a == Py_None))
            throw GraphBreak(BreakId::PythonException, what);
        items.push_back(Value::constant(a));
    }
    if (!args || !PyTuple_Check(args.get()))
        throw GraphBreak(BreakId::PythonException, what);
    raisePython(t.get(), std::move(items));
}

bool Tracer::unwindToHandler(Frame &f, const CodeInstruction &ins, const ValuePtr &exception) {
    const ExceptionHandler *h = f.view->handlerAt(ins.offset);
    if (!h)
        return false;
    if (h->depth > static_cast<int>(f.stack.size()))
        throw GraphBreak(BreakId::UnknownValue, "exception handler deeper than the stack");
    f.stack.resize(h->depth);
    if (h->lasti) // the raising instruction's index (what RERAISE would set f_lasti to)
        f.stack.push_back(Value::constant(PyRef::steal(PyLong_FromLong(ins.offset / 2))));
    f.stack.push_back(exception);
    f.kwNames = PyRef();
    f.callSeqStart = -1;
    jumpTo(h->target);
    return true;
}

// What `raise X` raises: an exception value, or a class instantiated without arguments.
static ValuePtr exceptionOf(Tracer &t, const ValuePtr &v) {
    if (v->kind == K::Exception && !v->as<ExceptionValue>()->isStateMarker())
        return v;
    if (v->isConstant() && PyExceptionClass_Check(v->object.get()))
        if (ValuePtr e = t.makeException(v->object.get(), {}, {}))
            return e;
    throw GraphBreak(BreakId::UnsupportedOpcode, "raise of " + v->describe());
}

void Tracer::op_RAISE_VARARGS(const CodeInstruction &ins) {
    if (ins.arg == 0) {
        // A bare `raise`: the exception being handled, when the trace caught it.
        if (!m_handledException || m_handledException->as<ExceptionValue>()->isStateMarker())
            throw GraphBreak(BreakId::UnsupportedOpcode,
                             "re-raise of an exception raised outside the trace");
        raise(m_handledException);
    }
    ValuePtr cause = ins.arg == 2 ? pop() : nullptr;
    ValuePtr exception = exceptionOf(*this, pop());
    if (cause) {
        if (!cause->isNone())
            cause = exceptionOf(*this, cause);
        exception->as<ExceptionValue>()->cause = cause;
    }
    raiseChained(exception);
}

// [exc] -> [handled before, exc]: the exception becomes the one being handled.
void Tracer::op_PUSH_EXC_INFO(const CodeInstruction &) {
    ValuePtr exception = pop();
    auto state = std::make_shared<ExceptionValue>(PyRef(), std::vector<ValuePtr>{});
    state->handledBefore = m_handledException;
    push(state);
    push(exception);
    m_handledException = exception;
}

void Tracer::op_POP_EXCEPT(const CodeInstruction &) {
    ValuePtr state = pop();
    auto *saved = state->tryAs<ExceptionValue>();
    if (!saved || !saved->isStateMarker())
        throw GraphBreak(BreakId::UnknownValue, "POP_EXCEPT of " + state->describe());
    m_handledException = saved->handledBefore;
}

void Tracer::op_CHECK_EXC_MATCH(const CodeInstruction &) {
    ValuePtr match = pop();
    PyRef type = constantOf(match, "except clause");
    auto isClass = [](PyObject *c) { return PyExceptionClass_Check(c) != 0; };
    bool valid = isClass(type.get());
    if (PyTuple_Check(type.get())) {
        valid = true;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(type.get()); ++i)
            valid = valid && isClass(PyTuple_GET_ITEM(type.get(), i));
    }
    if (!valid) // CPython raises a TypeError here
        throw GraphBreak(BreakId::PythonException,
                         "catching classes that do not inherit from BaseException");
    auto *e = top()->tryAs<ExceptionValue>();
    if (!e || e->isStateMarker())
        throw GraphBreak(BreakId::UnknownValue, "CHECK_EXC_MATCH on " + top()->describe());
    push(Value::constant(e->matches(type.get()) ? Py_True : Py_False));
}

void Tracer::op_RERAISE(const CodeInstruction &) {
    // The lasti below (oparg > 0) only sets the traceback's line in CPython; the handler lookup
    // is at this instruction either way.
    ValuePtr exception = pop();
    if (exception->kind != K::Exception || exception->as<ExceptionValue>()->isStateMarker())
        throw GraphBreak(BreakId::UnknownValue, "RERAISE of " + exception->describe());
    raise(exception);
}

// [exit, lasti, handled before, exc] -> … + [exit(type, exc, tb)]: a with-block left by an
// exception. Only the exits BEFORE_WITH makes in the trace are there (grad mode, catch_warnings);
// none of them suppresses the exception.
void Tracer::op_WITH_EXCEPT_START(const CodeInstruction &) {
    ValuePtr exception = top(1);
    ValuePtr exit = top(4);
    auto *e = exception->tryAs<ExceptionValue>();
    if (!e || e->isStateMarker())
        throw GraphBreak(BreakId::UnknownValue, "WITH_EXCEPT_START on " + exception->describe());
    push(call(exit, {Value::constant(e->cls), exception, Value::constant(Py_None)}, {}));
}

// An exception value's attributes: its class, args, and `raise … from` cause.
ValuePtr Tracer::exceptionAttr(const ValuePtr &obj, const std::string &name) {
    auto *e = obj->as<ExceptionValue>();
    if (e->isStateMarker())
        throw GraphBreak(BreakId::UnknownValue, "attribute of the handled-exception state");
    if (name == "args")
        return SequenceValue::make(K::Tuple, e->args);
    if (name == "__class__")
        return Value::constant(e->cls);
    if (name == "__cause__")
        return e->cause && !e->cause->isNone() ? e->cause : Value::constant(Py_None);
    if (name == "__context__") {
        // Known when the trace raised it while handling one of its own exceptions. Raised with
        // none handled in the trace, CPython chains it to whatever the caller is handling at
        // the call, which no guard here checks: a break.
        if (e->contextKnown)
            return e->context ? e->context : Value::constant(Py_None);
        throw GraphBreak(BreakId::UnsupportedAttribute,
                         "__context__ of an exception raised while no exception of the trace "
                         "was handled (it may be the caller's)");
    }
    if (name == "__suppress_context__")
        return Value::constant(e->cause ? Py_True : Py_False);
    throw GraphBreak(BreakId::UnsupportedAttribute, obj->describe() + "." + name);
}

// str(e) / repr(e) of an exception whose arguments are constants: CPython's own text, from an
// instance made now.
ValuePtr Tracer::exceptionText(const ValuePtr &e, bool repr) {
    auto *ex = e->as<ExceptionValue>();
    if (ex->isStateMarker())
        return nullptr;
    PyRef made = instanceNow(ex->cls.get(), ex->args);
    PyRef text =
        made ? PyRef::steal(repr ? PyObject_Repr(made.get()) : PyObject_Str(made.get())) : PyRef();
    if (!text) {
        PyErr_Clear();
        return nullptr;
    }
    return Value::constant(text);
}

} // namespace dynascope
