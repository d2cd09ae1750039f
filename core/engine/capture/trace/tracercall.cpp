// Calls: the CALL family of opcodes, MAKE_FUNCTION, dispatch on the callee's kind, and inlining
// of user functions (arguments bound as CPython binds them).
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {

using K = Value::Kind;
constexpr size_t kMaxInlineDepth = 12;

std::vector<ValuePtr> tupleItems(Tracer &t, PyObject *tuple, SourcePtr source) {
    std::vector<ValuePtr> out;
    for (Py_ssize_t i = 0; tuple && i < PyTuple_Size(tuple); ++i)
        out.push_back(
            t.wrap(PyTuple_GET_ITEM(tuple, i),
                   source ? Source::item(source, PyRef::steal(PyLong_FromSsize_t(i))) : nullptr));
    return out;
}

} // namespace

void Tracer::op_KW_NAMES(const CodeInstruction &ins) {
    Frame &f = frame();
    auto *code = reinterpret_cast<PyCodeObject *>(f.view->code());
    f.kwNames = PyRef::borrow(PyTuple_GetItem(code->co_consts, ins.arg));
    f.callSeqStart = ins.offset;
}

void Tracer::op_PRECALL(const CodeInstruction &ins) {
    Frame &f = frame();
    if (f.callSeqStart < 0)
        f.callSeqStart = ins.offset;
}

void Tracer::op_CALL(const CodeInstruction &ins) {
    Frame &f = frame();
    PyRef kwNames = f.kwNames;
    std::vector<ValuePtr> args = popN(ins.arg);
    std::vector<ValuePtr> head = popN(2);
    ValuePtr fn;
    if (head[0]->kind == K::Null) {
        fn = head[1];
    } else {
        fn = head[0];
        args.insert(args.begin(), head[1]);
    }
    std::vector<std::pair<std::string, ValuePtr>> kwargs;
    Py_ssize_t nkw = kwNames ? PyTuple_Size(kwNames.get()) : 0;
    for (Py_ssize_t i = 0; i < nkw; ++i) {
        const char *name = PyUnicode_AsUTF8(PyTuple_GetItem(kwNames.get(), i));
        kwargs.push_back({name, args[args.size() - nkw + i]});
    }
    args.resize(args.size() - nkw);
    ValuePtr result = call(fn, std::move(args), std::move(kwargs));
    Frame &after = frame();
    after.kwNames = PyRef();
    after.callSeqStart = -1;
    push(result);
}

void Tracer::op_CALL_FUNCTION_EX(const CodeInstruction &ins) {
    ValuePtr kw = (ins.arg & 1) ? pop() : nullptr;
    ValuePtr argsValue = pop();
    ValuePtr fn = pop();
    ValuePtr null = pop();
    std::vector<ValuePtr> args = unpack(argsValue, -1);
    std::vector<std::pair<std::string, ValuePtr>> kwargs;
    if (kw) {
        auto *d = kw->tryAs<DictValue>();
        if (!d)
            throw GraphBreak(BreakId::UnknownValue, "**kwargs of " + kw->describe());
        for (size_t i = 0; i < d->keys.size(); ++i) {
            if (!PyUnicode_Check(d->keys[i].get())) // f(**{1: 2}) raises TypeError in CPython
                throw GraphBreak(BreakId::PythonException, "keywords must be strings");
            kwargs.push_back({PyUnicode_AsUTF8(d->keys[i].get()), d->values[i]});
        }
    }
    if (null->kind != K::Null)
        throw GraphBreak(BreakId::UnknownValue, "CALL_FUNCTION_EX without NULL");
    push(call(fn, std::move(args), std::move(kwargs)));
}

void Tracer::op_MAKE_FUNCTION(const CodeInstruction &ins) {
    ValuePtr code = pop();
    auto fn = std::make_shared<NestedFunctionValue>(code->object);
    fn->globals = frame().globals;
    if (ins.arg & 0x08)
        fn->closure = pop()->as<SequenceValue>()->items;
    if (ins.arg & 0x04)
        fn->annotations = pop();
    if (ins.arg & 0x02)
        fn->kwDefaults = pop();
    if (ins.arg & 0x01)
        fn->defaults = pop()->as<SequenceValue>()->items;
    push(fn);
}

ValuePtr Tracer::call(const ValuePtr &fn, std::vector<ValuePtr> args,
                      std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    switch (fn->kind) {
    case K::TorchFunction: {
        std::string n = fn->as<FunctionValue>()->name;
        if (n == "torch.is_grad_enabled" || n == "torch._C.is_grad_enabled")
            return Value::constant(m_gradMode ? Py_True : Py_False); // the traced code's mode
        if (n == "torch.is_tensor")
            return Value::constant(PyBool_FromLong(!args.empty() && args[0]->kind == K::Tensor));
        return callGraph("call_function", n, fn->object, fn->object.get(), args, kwargs);
    }
    case K::TensorMethod:
        return callTensorMethod(fn, args, kwargs);
    case K::ObjectMethod:
        return sealRaises([&] { return callObjectMethod(fn, args, kwargs); });
    case K::Builtin:
        return callBuiltin(fn, args, kwargs);
    case K::Constant:
        if (PyType_Check(fn->object.get())) {
            std::string type = reinterpret_cast<PyTypeObject *>(fn->object.get())->tp_name;
            std::string mod = py::moduleOf(fn->object.get());
            if (mod.rfind("torch.autograd.grad_mode", 0) == 0 &&
                (type == "no_grad" || type == "enable_grad" || type == "set_grad_enabled")) {
                auto ctx = std::make_shared<GradModeValue>(type == "enable_grad" ? 1 : 0);
                if (type == "set_grad_enabled") {
                    // Takes effect when made (also as a plain call); as a with-block its exit
                    // restores the mode from before.
                    PyRef mode = args.size() == 1 ? constantOf(args[0], "grad mode") : PyRef();
                    if (!mode || kwargs.size() > 0)
                        throw GraphBreak(BreakId::UnsupportedCall, "torch.set_grad_enabled(...)");
                    ctx->mode = PyObject_IsTrue(mode.get()) == 1 ? 1 : 0;
                    ctx->form = "applied";
                    ctx->before = std::make_shared<GradModeValue>(m_gradMode ? 1 : 0);
                    setGradMode(ctx->mode != 0);
                }
                return ctx;
            }
            return callBuiltin(fn, args, kwargs);
        }
        break;
    case K::GradMode: {
        auto *grad = fn->as<GradModeValue>();
        if (grad->isExit()) {
            setGradMode(grad->mode != 0);
            return Value::constant(Py_None);
        }
        if (grad->form.empty() && args.size() == 1 && kwargs.empty() &&
            (args[0]->kind == K::UserFunction || args[0]->kind == K::NestedFunction)) {
            // @torch.no_grad() / @torch.enable_grad() on a function: a function that runs its
            // body under that mode.
            auto decorated = std::make_shared<GradModeValue>(grad->mode, "decorated");
            decorated->function = args[0];
            return decorated;
        }
        if (grad->form == "decorated") {
            bool before = m_gradMode;
            setGradMode(grad->mode != 0);
            // An exception leaving it would have to restore the mode as it goes: not modelled.
            ValuePtr r = sealRaises(
                [&] { return call(grad->function, std::move(args), std::move(kwargs)); });
            setGradMode(before);
            return r;
        }
        break;
    }
    case K::UserFunction: {
        PyObject *f = fn->object.get();
        if (PyObject_HasAttrString(f, "_dynascope_disabled"))
            throw GraphBreak(BreakId::DisabledFunction, py::qualnameOf(f));
        // torch._dynamo.is_compiling() / torch.compiler.is_compiling(): True while tracing.
        if (PyObject_HasAttrString(f, "_dynascope_is_compiling"))
            return Value::constant(Py_True);
        // nn.Module.__call__(mod, …) / mod._call_impl(…) written out: the module call itself,
        // not torch's Python _call_impl inlined line by line.
        if (!args.empty() && args[0]->kind == K::NNModule && isModuleCallImpl(f)) {
            ValuePtr module = args[0];
            args.erase(args.begin());
            return callModuleImpl(module, std::move(args), std::move(kwargs));
        }
        // nn.Module.__getattr__(mod, name) (a subclass's __getattr__ deferring through super()).
        static PyObject *getattrName = PyUnicode_InternFromString("__getattr__");
        if (args.size() == 2 && kwargs.empty() && args[0]->kind == K::NNModule &&
            args[1]->isConstant() && PyUnicode_Check(args[1]->object.get()) &&
            f == _PyType_Lookup(reinterpret_cast<PyTypeObject *>(py::moduleType()), getattrName))
            return moduleRegisteredAttr(args[0], PyUnicode_AsUTF8(args[1]->object.get()));
        // Library functions the builtin table models (collections.namedtuple…).
        if (BuiltinHandler handler = BuiltinTable::instance().find(f))
            if (ValuePtr v = sealRaises([&] { return handler(*this, fn, args, kwargs); }))
                return v;
        PyObject *code = PyFunction_GET_CODE(f);
        SourcePtr src = fn->source;
        std::vector<ValuePtr> defaults = tupleItems(
            *this, PyFunction_GET_DEFAULTS(f), src ? Source::attr(src, "__defaults__") : nullptr);
        ValuePtr kwDefaults;
        if (PyObject *kwd = PyFunction_GET_KW_DEFAULTS(f))
            kwDefaults = wrap(kwd, src ? Source::attr(src, "__kwdefaults__") : nullptr);
        std::vector<ValuePtr> closure;
        PyObject *cells = PyFunction_GET_CLOSURE(f);
        for (Py_ssize_t i = 0; cells && i < PyTuple_Size(cells); ++i) {
            SourcePtr cellSrc = src ? Source::item(Source::attr(src, "__closure__"),
                                                   PyRef::steal(PyLong_FromSsize_t(i)))
                                    : nullptr;
            closure.push_back(
                std::make_shared<CellValue>(PyRef::borrow(PyTuple_GET_ITEM(cells, i)), cellSrc));
        }
        return inlineCall(code, PyFunction_GET_GLOBALS(f), defaults, kwDefaults, closure, src,
                          std::move(args), std::move(kwargs));
    }
    case K::NestedFunction: {
        auto *nested = fn->as<NestedFunctionValue>();
        return inlineCall(fn->object.get(), nested->globals.get(), nested->defaults,
                          nested->kwDefaults, nested->closure, nullptr, std::move(args),
                          std::move(kwargs));
    }
    case K::BoundMethod: {
        const ValuePtr &self = fn->as<MethodValue>()->self;
        if (isCatchWarningsExit(fn)) {
            // Leaving a catch_warnings block entered in the trace: nothing was changed to undo.
            ValuePtr entered = self->as<NewObjectValue>()->attr("_entered");
            if (!entered || entered->object.get() != Py_True)
                throw GraphBreak(BreakId::PythonException, "catch_warnings exited unentered");
            return Value::constant(Py_None);
        }
        if (self->kind == K::NNModule)
            if (ValuePtr v = sealRaises(
                    [&] { return callModuleMethod(self, fn->object.get(), args, kwargs); }))
                return v;
        args.insert(args.begin(), self);
        if (isObjectSlot(fn->object.get())) {
            if (ValuePtr v = callObjectSlot(fn->object.get(), args, kwargs))
                return v;
            throw GraphBreak(BreakId::UnsupportedCall,
                             "object." + fn->as<MethodValue>()->name + " on " + self->describe());
        }
        // A method of an object made in the trace (or of its class) is Python to inline, also
        // where it comes from a torch module (torch.distributions).
        if (self->kind == K::NewObject && PyFunction_Check(fn->object.get()))
            return call(userFunction(fn->object.get(), nullptr), std::move(args),
                        std::move(kwargs));
        auto func =
            wrap(fn->object.get(), fn->source ? Source::attr(fn->source, "__func__") : nullptr);
        if (func->kind == K::BoundMethod)
            throw GraphBreak(BreakId::UnsupportedCall, "method of a method");
        return call(func, std::move(args), std::move(kwargs));
    }
    case K::NNModule:
        return callModule(fn, std::move(args), std::move(kwargs));
    case K::UserObject: {
        if (ValuePtr v = callPartialObject(fn, args, kwargs))
            return v;
        if (ValuePtr v = callLruCacheWrapper(fn, args, kwargs))
            return v;
        // The class's __call__, as CPython's tp_call slot finds it (guarded: CLASS_LOOKUP).
        PyObject *callMethod = classDunder(fn, "__call__");
        if (callMethod && PyFunction_Check(callMethod)) {
            args.insert(args.begin(), fn);
            return call(wrapUnguarded(callMethod), std::move(args), std::move(kwargs));
        }
        break;
    }
    case K::Partial:
        return callPartial(fn, std::move(args), std::move(kwargs));
    case K::NewObject: {
        PyObject *cls = fn->pythonType();
        PyObject *callMethod = classDunder(fn, "__call__");
        if (callMethod && PyFunction_Check(callMethod)) {
            args.insert(args.begin(), fn);
            return call(userFunction(callMethod, nullptr), std::move(args), std::move(kwargs));
        }
        if (!callMethod)
            throw GraphBreak(BreakId::PythonException,
                             std::string("'") + reinterpret_cast<PyTypeObject *>(cls)->tp_name +
                                 "' object is not callable");
        break;
    }
    default:
        break;
    }
    throw GraphBreak(BreakId::UnsupportedCall, "call to " + fn->describe());
}

bool Tracer::inlinesPlainly(const ValuePtr &fn) const {
    // Mirrors call(): the kinds whose call ends in inlineCall without a handler reading the
    // arguments first (the builtin table, nn.Module methods, torch functions).
    auto plainPython = [](PyObject *f) {
        return f && PyFunction_Check(f) && !PyObject_HasAttrString(f, "_dynascope_disabled") &&
               !PyObject_HasAttrString(f, "_dynascope_is_compiling") &&
               !BuiltinTable::instance().find(f);
    };
    switch (fn->kind) {
    case K::NestedFunction:
        return true;
    case K::UserFunction:
        return plainPython(fn->object.get());
    case K::BoundMethod: {
        if (fn->as<MethodValue>()->self->kind == K::NNModule)
            return false;
        if (!fn->object)
            return false;
        std::string mod = py::moduleOf(fn->object.get());
        return mod != "torch" && mod.rfind("torch.", 0) != 0 && plainPython(fn->object.get());
    }
    default:
        return false;
    }
}

ValuePtr Tracer::inlineCall(PyObject *codeObj, PyObject *globals,
                            const std::vector<ValuePtr> &defaults, const ValuePtr &kwDefaults,
                            const std::vector<ValuePtr> &closure, SourcePtr fnSource,
                            std::vector<ValuePtr> args,
                            std::vector<std::pair<std::string, ValuePtr>> kwargs) {
    auto *code = reinterpret_cast<PyCodeObject *>(codeObj);
    if (m_frames.size() >= kMaxInlineDepth)
        throw GraphBreak(BreakId::InlineDepth, PyUnicode_AsUTF8(code->co_qualname));
    if (code->co_flags & (CO_COROUTINE | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE))
        throw GraphBreak(BreakId::UnsupportedCall,
                         std::string("coroutine function ") + PyUnicode_AsUTF8(code->co_qualname));
    auto f = std::make_unique<Frame>();
    f->view = CodeView::of(codeObj);
    f->globals = PyRef::borrow(globals);
    PyObject *b = PyDict_GetItemString(globals, "__builtins__");
    if (b && PyModule_Check(b))
        b = PyModule_GetDict(b);
    f->builtins = PyRef::borrow(b ? b : PyModule_GetDict(py::builtinsModule()));
    f->locals.resize(f->view->slotCount());
    f->functionSource = fnSource;
    // A generator (function or expression) binds its arguments now and runs its body one
    // yield at a time as it is read (resumeGenerator), never ahead of its consumer.
    f->generator = (code->co_flags & CO_GENERATOR) != 0;
    const std::vector<std::string> &names = f->view->slotNames();
    int argc = code->co_argcount, posonly = code->co_posonlyargcount;
    int kwonly = code->co_kwonlyargcount;
    bool hasVarargs = code->co_flags & CO_VARARGS, hasVarkw = code->co_flags & CO_VARKEYWORDS;
    std::string qual = PyUnicode_AsUTF8(code->co_qualname);
    // Positional arguments.
    size_t npos = std::min(args.size(), static_cast<size_t>(argc));
    for (size_t i = 0; i < npos; ++i)
        f->locals[i] = args[i];
    int varargsSlot = argc + kwonly, varkwSlot = argc + kwonly + (hasVarargs ? 1 : 0);
    if (args.size() > static_cast<size_t>(argc)) {
        if (!hasVarargs)
            throw GraphBreak(BreakId::PythonException,
                             qual + "() takes " + std::to_string(argc) + " positional arguments");
        f->locals[varargsSlot] =
            SequenceValue::make(K::Tuple, std::vector<ValuePtr>(args.begin() + argc, args.end()));
    } else if (hasVarargs) {
        f->locals[varargsSlot] = SequenceValue::make(K::Tuple, {});
    }
    auto extraKw = hasVarkw ? std::make_shared<DictValue>() : nullptr;
    for (auto &kv : kwargs) {
        int slot = -1;
        for (int i = posonly; i < argc + kwonly; ++i)
            if (names[i] == kv.first)
                slot = i;
        if (slot >= 0) {
            if (f->locals[slot])
                throw GraphBreak(BreakId::PythonException,
                                 qual + "() got multiple values for " + kv.first);
            f->locals[slot] = kv.second;
        } else if (extraKw) {
            extraKw->keys.push_back(PyRef::steal(PyUnicode_FromString(kv.first.c_str())));
            extraKw->values.push_back(kv.second);
        } else {
            throw GraphBreak(BreakId::PythonException,
                             qual + "() got an unexpected keyword argument '" + kv.first + "'");
        }
    }
    if (extraKw)
        f->locals[varkwSlot] = extraKw;
    // Defaults for missing positional parameters, then keyword-only defaults.
    int firstDefault = argc - static_cast<int>(defaults.size());
    for (int i = 0; i < argc; ++i)
        if (!f->locals[i]) {
            if (i < firstDefault)
                throw GraphBreak(BreakId::PythonException,
                                 qual + "() missing argument '" + names[i] + "'");
            f->locals[i] = defaults[i - firstDefault];
        }
    for (int i = argc; i < argc + kwonly; ++i)
        if (!f->locals[i]) {
            ValuePtr d;
            if (auto *kwd = kwDefaults ? kwDefaults->tryAs<DictValue>() : nullptr)
                for (size_t k = 0; k < kwd->keys.size(); ++k)
                    if (names[i] == PyUnicode_AsUTF8(kwd->keys[k].get()))
                        d = kwd->values[k];
            if (!d)
                throw GraphBreak(BreakId::PythonException,
                                 qual + "() missing keyword argument '" + names[i] + "'");
            f->locals[i] = d;
        }
    // Free variables occupy the last slots.
    int nfree = code->co_nfreevars;
    if (static_cast<int>(closure.size()) != nfree)
        throw GraphBreak(BreakId::UnknownValue, "closure size mismatch for " + qual);
    for (int i = 0; i < nfree; ++i)
        f->locals[f->locals.size() - nfree + i] = closure[i];
    if (f->generator) {
        auto gen = std::make_shared<IteratorValue>();
        gen->form = "generator";
        gen->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(&PyGen_Type));
        gen->generator = std::make_shared<SuspendedGenerator>();
        gen->generator->frame = std::move(f);
        return gen;
    }
    m_frames.push_back(std::move(f));
    Frame *mine = m_frames.back().get();
    try {
        while (!mine->returned)
            step();
    } catch (RaisedException &raised) {
        // The exception leaves this frame for the caller's handler lookup.
        m_frames.pop_back();
        raised.crossedFrame = true;
        throw;
    }
    ValuePtr result = mine->result;
    m_frames.pop_back();
    return result;
}

ValuePtr Tracer::resumeGenerator(IteratorValue &generator) {
    SuspendedGenerator *state = generator.generator.get();
    if (state && state->running) // next(it) inside it: CPython's ValueError
        throw GraphBreak(BreakId::PythonException, "generator already executing");
    if (!state || !state->frame)
        return nullptr; // returned already
    if (m_frames.size() >= kMaxInlineDepth)
        throw GraphBreak(BreakId::InlineDepth, state->frame->view->qualname());
    Frame *mine = state->frame.get();
    m_frames.push_back(std::move(state->frame));
    state->running = true;
    struct Stopped {
        SuspendedGenerator *state;
        ~Stopped() { state->running = false; }
    } stopped{state};
    try {
        while (!mine->returned && !mine->yielded)
            step();
    } catch (RaisedException &raised) {
        // The generator is finished and the exception reaches its consumer at the next() that
        // resumed it, as in CPython; a StopIteration raised in its body would become a
        // RuntimeError there (PEP 479), which is not modelled: a break.
        // Named before the pop: popping destroys the generator's frame (`mine`).
        std::string where = mine->view->qualname();
        m_frames.pop_back();
        if (raised.isInstance(PyExc_StopIteration))
            throw GraphBreak(BreakId::PythonException,
                             "StopIteration raised inside generator " + where);
        raised.crossedFrame = true;
        throw;
    }
    ValuePtr item = std::move(mine->yielded);
    std::unique_ptr<Frame> suspended = std::move(m_frames.back());
    m_frames.pop_back();
    if (!mine->returned)
        state->frame = std::move(suspended); // the next next() goes on from the yield
    else
        state->returned = mine->result;
    return item;
}

} // namespace dynascope
