// Tracer core: frames, the dispatch table, the step loop, trace-step events and value wrapping.
#include "trace/tracer.h"

#include "shapes/shapepolicy.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"

#include <opcode.h>

#include <array>

namespace dynascope {

namespace {

constexpr long kMaxInstructions = 50000;

// collections.OrderedDict / defaultdict themselves (a subclass may override what they do).
bool isOrderedDict(PyObject *o) {
    return std::string(Py_TYPE(o)->tp_name) == "collections.OrderedDict";
}
bool isDefaultDict(PyObject *o) {
    return std::string(Py_TYPE(o)->tp_name) == "collections.defaultdict";
}

const std::array<Tracer::Handler, 256> &dispatchTable() {
    static const std::array<Tracer::Handler, 256> table = [] {
        std::array<Tracer::Handler, 256> t{};
#define DYNASCOPE_OPCODE(name)                                                                     \
    if (int op = CodeView::opcodeOf(#name); op >= 0)                                               \
        t[op] = &Tracer::op_##name;
#include "trace/opcodelist.h"
#undef DYNASCOPE_OPCODE
        return t;
    }();
    return table;
}

// A tuple or list subclass whose class defines its own __getitem__ or __len__ in Python (not
// torch.Size's or a structseq's C slots): reading its
// items through them (as the sequence model and its item sources would) runs user code that
// need not give the stored items; such an object is a user object (its fields still read
// through the class's descriptors).
bool overridesSequenceProtocol(PyObject *o) {
    if (PyTuple_CheckExact(o) || PyList_CheckExact(o))
        return false;
    PyTypeObject *base = PyTuple_Check(o) ? &PyTuple_Type : &PyList_Type;
    for (const char *name : {"__getitem__", "__len__"}) {
        PyRef key = PyRef::steal(PyUnicode_FromString(name));
        PyObject *found = _PyType_Lookup(Py_TYPE(o), key.get()); // borrowed
        if (found != _PyType_Lookup(base, key.get()) && found && PyFunction_Check(found))
            return true;
    }
    return false;
}

} // namespace

std::vector<std::string> Tracer::handledOpcodes() {
    std::vector<std::string> out;
#define DYNASCOPE_OPCODE(name) out.push_back(#name);
#include "trace/opcodelist.h"
#undef DYNASCOPE_OPCODE
    return out;
}

std::vector<std::string> Tracer::unsupportedOpcodes() {
    // Declared unsupported: each is a graph break of type unsupported_opcode (the rest of the
    // frame runs in CPython from that instruction).
    return {"UNARY_POSITIVE_UNUSED",
            "GET_AITER",
            "GET_ANEXT",
            "BEFORE_ASYNC_WITH",
            "END_ASYNC_FOR",
            "PRINT_EXPR",
            "LOAD_ASSERTION_ERROR",
            "IMPORT_STAR",
            "SETUP_ANNOTATIONS",
            "ASYNC_GEN_WRAP",
            "PREP_RERAISE_STAR",
            "STORE_NAME",
            "DELETE_NAME",
            "DELETE_ATTR",
            "LOAD_NAME",
            "GET_AWAITABLE",
            "DELETE_DEREF",
            "LOAD_CLASSDEREF",
            "MATCH_CLASS",
            "MATCH_MAPPING",
            "MATCH_SEQUENCE",
            "MATCH_KEYS",
            "CHECK_EG_MATCH"};
}

Tracer::Tracer(const TraceStart &start) : m_start(start) {
    m_graph = std::make_shared<GraphBuilder>();
    m_guards = std::make_shared<GuardSet>();
    auto root = std::make_unique<Frame>();
    root->view = CodeView::of(start.code);
    root->globals = PyRef::borrow(start.globals);
    root->builtins = PyRef::borrow(start.builtins);
    root->locals.resize(root->view->slotCount());
    root->root = true;
    root->ip = root->view->indexAt(start.offset);
    m_frames.push_back(std::move(root));
}

Tracer::~Tracer() = default;

ValuePtr Tracer::rootLocal(int slot) {
    Frame &root = *m_frames.front();
    if (slot < 0 || slot >= static_cast<int>(root.locals.size()))
        throw GraphBreak(BreakId::UnknownValue, "local slot out of range");
    if (!root.locals[slot]) {
        PyObject *v = (*m_start.locals)[slot].get();
        if (!v)
            return nullptr;
        const std::string &name = root.view->slotNames()[slot];
        if (PyCell_Check(v)) {
            root.locals[slot] =
                std::make_shared<CellValue>(PyRef::borrow(v), Source::local(slot, name));
        } else {
            root.locals[slot] = wrap(v, Source::local(slot, name));
        }
    }
    return root.locals[slot];
}

ValuePtr Tracer::pop() {
    Frame &f = frame();
    if (f.stack.empty())
        throw GraphBreak(BreakId::UnknownValue, "value stack underflow");
    ValuePtr v = f.stack.back();
    f.stack.pop_back();
    return v;
}

std::vector<ValuePtr> Tracer::popN(int n) {
    Frame &f = frame();
    if (n > static_cast<int>(f.stack.size()))
        throw GraphBreak(BreakId::UnknownValue, "value stack underflow");
    std::vector<ValuePtr> out(f.stack.end() - n, f.stack.end());
    f.stack.resize(f.stack.size() - n);
    return out;
}

void Tracer::jumpTo(int offset) {
    int i = frame().view->indexAt(offset);
    if (i < 0)
        throw GraphBreak(BreakId::UnsupportedOpcode, "jump to an unknown offset");
    frame().ip = i;
}

void Tracer::addGuard(Guard guard) {
    std::string text = guard.text();
    if (m_guards->add(std::move(guard)))
        m_stepGuards.push_back(text);
}

SourceSite Tracer::site() const {
    const Frame &f = *m_frames.back();
    SourceSite s;
    s.file = f.view->filename();
    s.function = f.view->qualname();
    int ip = f.ip > 0 ? f.ip - 1 : 0;
    if (ip < static_cast<int>(f.view->instructions().size())) {
        s.offset = f.view->instructions()[ip].offset;
        s.line = f.view->instructions()[ip].line;
    }
    return s;
}

std::vector<SourceSite> Tracer::userStack() const {
    std::vector<SourceSite> out;
    for (const auto &f : m_frames) {
        SourceSite s;
        s.file = f->view->filename();
        s.function = f->view->qualname();
        int ip = f->ip > 0 ? f->ip - 1 : 0;
        if (ip < static_cast<int>(f->view->instructions().size())) {
            s.offset = f->view->instructions()[ip].offset;
            s.line = f->view->instructions()[ip].line;
        }
        out.push_back(s);
    }
    return out;
}

void Tracer::step() {
    Frame &f = frame();
    const auto &code = f.view->instructions();
    if (f.ip < 0 || f.ip >= static_cast<int>(code.size()))
        throw GraphBreak(BreakId::UnsupportedOpcode, "ran past the end of the code");
    const CodeInstruction &ins = code[f.ip];
    if (++m_instructionCount > kMaxInstructions)
        throw GraphBreak(BreakId::TooManyInstructions,
                         std::to_string(kMaxInstructions) + " instructions traced");
    size_t nodesBefore = m_graph->size(), guardsBefore = m_stepGuards.size();
    ++f.ip;
    Handler h = dispatchTable()[ins.opcode];
    if (!h)
        throw GraphBreak(BreakId::UnsupportedOpcode, *ins.opname);
    beginSymIntStep(ins);
    try {
        (this->*h)(ins);
    } catch (RaisedException &raised) {
        // Frames the exception left are popped (inlineCall): `f` is the innermost frame again.
        if (!unwindToHandler(f, ins, raised.exception))
            throw;
    }
    if (m_start.recordSteps)
        traceStepEvent(ins, nodesBefore, guardsBefore);
}

void Tracer::traceStepEvent(const CodeInstruction &ins, size_t nodesBefore, size_t guardsBefore) {
    TraceStep step;
    step.index = static_cast<int>(m_traceSteps.size());
    for (const ValuePtr &v : frame().stack)
        step.stack.push_back(v ? v->describe() : "NullVariable()");
    for (size_t i = 0; i < m_graph->size(); ++i)
        if (m_graph->nodes()[i].traceStep < 0 && m_graph->nodes()[i].op != "placeholder") {
            const_cast<GraphNodeSpec &>(m_graph->nodes()[i]).traceStep = step.index;
            step.nodes.push_back(m_graph->nodes()[i].name);
        }
    for (size_t i = nodesBefore; i < m_graph->size(); ++i)
        if (m_graph->nodes()[i].op == "placeholder" && m_graph->nodes()[i].traceStep < 0) {
            const_cast<GraphNodeSpec &>(m_graph->nodes()[i]).traceStep = step.index;
            step.nodes.push_back(m_graph->nodes()[i].name);
        }
    for (size_t i = guardsBefore; i < m_stepGuards.size(); ++i)
        step.guards.push_back(m_stepGuards[i]);
    step.function = frame().view->qualname();
    step.file = frame().view->filename();
    step.regionStart = m_start.regionStart;
    step.offset = ins.offset;
    step.opname = *ins.opname;
    if (ins.opcode >= HAVE_ARGUMENT)
        step.arg = std::to_string(ins.arg);
    step.line = ins.line;
    step.depth = static_cast<int>(m_frames.size()) - 1;
    m_traceSteps.push_back(std::move(step));
}

TraceResult Tracer::run() {
    if (m_start.shapes)
        m_start.shapes->beginTrace();
    Guard global = Guard::globalState();
    m_gradMode = global.text().find("grad_mode=True") != std::string::npos;
    addGuard(std::move(global));
    Frame &root = *m_frames.front();
    for (size_t i = 0; m_start.stack && i < m_start.stack->size(); ++i)
        root.stack.push_back((*m_start.stack)[i] ? wrap((*m_start.stack)[i].get(),
                                                        Source::stack(static_cast<int>(i)))
                                                 : Value::null());
    // Resuming inside grad-mode with-blocks: as a Dynamo resume function, start from the mode
    // outside them and re-enter each block (switches coalesced), innermost last.
    bool startMode = m_gradMode;
    std::vector<const GradModeValue *> exits;
    for (const ValuePtr &v : root.stack)
        if (auto *g = v->tryAs<GradModeValue>(); g && g->isExit())
            exits.push_back(g);
    // The mode the graph's first node runs in (the cleanup of switch pairs starts from it).
    const bool graphStartMode = exits.empty() ? startMode : exits.front()->mode != 0;
    if (!exits.empty()) {
        m_gradMode = exits.front()->mode != 0;
        for (size_t i = 0; i < exits.size(); ++i)
            setGradMode(i + 1 < exits.size() ? exits[i + 1]->mode != 0 : startMode);
    }
    m_result.exit = TraceResult::Exit::Return;
    try {
        while (!root.returned) {
            if (m_frames.size() == 1 && root.ip >= 0 &&
                root.ip < static_cast<int>(root.view->instructions().size()) &&
                m_start.stopAt.count(root.view->instructions()[root.ip].offset)) {
                m_result.exit = TraceResult::Exit::Break;
                m_result.stopOffset = root.view->instructions()[root.ip].offset;
                break;
            }
            step();
        }
    } catch (GraphBreak &) {
        // The root instruction that led here (a CALL when the break is inside an inlined call).
        int ip = root.ip > 0 ? root.ip - 1 : 0;
        const CodeInstruction &ins = root.view->instructions()[ip];
        m_breakOffset = ins.offset;
        if ((ins.opcode == CALL || ins.opcode == PRECALL) && root.callSeqStart >= 0)
            m_breakOffset = root.callSeqStart;
        m_breakStack = userStack();
        throw;
    }
    settleSymIntsAtExit();
    m_result.returnValue = root.result;
    m_result.locals = root.locals;
    m_result.stack = root.stack;
    m_result.sideEffects = m_sideEffects;
    // Lists and dicts that existed before the region and were changed in it: their new contents
    // are written back in place after the graph (Dynamo's side-effect replay).
    for (const auto &w : m_wrapped) {
        if (!w.second->source)
            continue;
        if (auto *c = w.second->tryAs<ContainerValue>(); c && c->mutated)
            m_result.sideEffects.push_back(
                {SideEffect::Kind::Rebuild, w.second, "", nullptr, w.second});
        if (auto *it = w.second->tryAs<IteratorValue>(); it && it->index > 0)
            m_result.sideEffects.push_back(
                {SideEffect::Kind::Advance, w.second, "", nullptr,
                 Value::constant(PyRef::steal(PyLong_FromLong(it->index)))});
    }
    if (m_result.exit == TraceResult::Exit::Break) {
        // A break inside grad-mode with-blocks: as Dynamo, the graph exits them (innermost
        // first); the runtime re-enters the mode for the break step (gradModeAfter).
        bool atBreak = m_gradMode;
        bool inside = false;
        for (auto it = root.stack.rbegin(); it != root.stack.rend(); ++it)
            if (auto *g = *it ? (*it)->tryAs<GradModeValue>() : nullptr; g && g->isExit()) {
                setGradMode(g->mode != 0);
                inside = true;
            }
        if (inside)
            m_gradMode = atBreak;
    }
    if (m_gradSwitched || !exits.empty() || m_gradMode != startMode)
        m_result.gradModeAfter = m_gradMode ? 1 : 0;
    m_graph->dropGradSwitchPairs(graphStartMode);
    addAliasingGuard();
    addObjectAliasingGuard();
    m_result.graph = m_graph;
    m_result.guards = m_guards;
    m_result.traceSteps = std::move(m_traceSteps);
    return m_result;
}

// ---- wrapping concrete objects (Dynamo's VariableBuilder) ----

PyRef Tracer::fetchAtStart(const SourcePtr &source) const {
    SourceEnv env;
    env.locals = m_start.locals;
    env.stack = m_start.stack;
    env.globals = m_start.globals;
    env.builtins = m_start.builtins;
    return source ? source->fetch(env) : PyRef();
}

ValuePtr Tracer::wrapUnguarded(PyObject *object) {
    return wrap(object, nullptr);
}

namespace {

// torch.empty_strided(o.size(), o.stride(), dtype=o.dtype, device="meta"); null (an error set)
// where the layout has no strides (sparse).
PyRef stridedMeta(PyObject *o) {
    PyRef size = PyRef::steal(PyObject_CallMethod(o, "size", nullptr));
    PyRef stride = size ? PyRef::steal(PyObject_CallMethod(o, "stride", nullptr)) : PyRef();
    PyRef dtype = stride ? PyRef::steal(PyObject_GetAttrString(o, "dtype")) : PyRef();
    PyRef fn = dtype ? PyRef::steal(PyObject_GetAttrString(py::torch(), "empty_strided")) : PyRef();
    if (!fn)
        return {};
    PyRef args = PyRef::steal(PyTuple_Pack(2, size.get(), stride.get()));
    PyRef kwargs = PyRef::steal(Py_BuildValue("{s:O,s:s}", "dtype", dtype.get(), "device", "meta"));
    return PyRef::steal(PyObject_Call(fn.get(), args.get(), kwargs.get()));
}

} // namespace

ValuePtr Tracer::wrap(PyObject *o, SourcePtr source) {
    using K = Value::Kind;
    // Containers, modules and objects keep one Value per object (mutations must alias). Tensors
    // get one placeholder per source: an aliased input then stays correct for unaliased calls.
    bool identityMatters =
        !(PyLong_CheckExact(o) || PyFloat_CheckExact(o) || PyUnicode_CheckExact(o) ||
          PyBool_Check(o) || o == Py_None || py::isTensor(o));
    if (identityMatters && source)
        m_objectSources.push_back({o, source});
    if (identityMatters) {
        auto it = m_wrapped.find(o);
        if (it != m_wrapped.end())
            return it->second;
    }
    if (PyObject *inner = m_start.unwrapCallable ? m_start.unwrapCallable(o) : nullptr)
        return wrap(inner, source ? Source::attr(source, "__wrapped__") : nullptr);
    ValuePtr v;
    if (o == Py_None || PyBool_Check(o) || PyLong_CheckExact(o) || PyFloat_CheckExact(o) ||
        PyUnicode_CheckExact(o) || PyBytes_CheckExact(o) || PyComplex_CheckExact(o) ||
        o == Py_Ellipsis || PySlice_Check(o) || PyCode_Check(o) || PyRange_Check(o)) {
        if (m_loadMayBeDynamic && isDynamicInt(o, source))
            return wrapDynamicInt(o, source);
        v = Value::constant(o);
        // A slice or range argument is a value like any constant (the trace indexes with it);
        // a code object is compared by identity.
        if (source)
            addGuard(PyCode_Check(o) ? Guard::idMatch(source, o) : Guard::equalsMatch(source, o));
        v->source = source;
        return v;
    }
    if (py::isTensor(o)) {
        auto t = std::make_shared<TensorValue>(source);
        PyRef shape = PyRef::steal(PyObject_GetAttrString(o, "shape"));
        std::vector<long> sizes;
        for (Py_ssize_t i = 0; shape && i < PyTuple_Size(shape.get()); ++i)
            sizes.push_back(PyLong_AsLong(PyTuple_GET_ITEM(shape.get(), i)));
        if (source) {
            bool known = false;
            for (const auto &ts : m_tensorSources)
                known = known || ts.second->text() == source->text();
            if (!known)
                m_tensorSources.push_back({o, source});
            if (m_start.shapes)
                t->dims = m_start.shapes->symbolsFor(source, o, sizes, *m_guards);
            std::vector<std::optional<long>> guardSizes;
            for (size_t i = 0; i < sizes.size(); ++i)
                guardSizes.push_back(i < t->dims.size() && !t->dims[i].empty()
                                         ? std::nullopt
                                         : std::optional<long>(sizes[i]));
            addGuard(Guard::tensorMatch(source, o, guardSizes, t->dims));
        }
        t->dims.resize(sizes.size());
        // nn.Parameter and other subclasses: type(x), isinstance and x.__class__ see it (the
        // tensor guard checks the type).
        if (Py_TYPE(o) != reinterpret_cast<PyTypeObject *>(py::tensorType()))
            t->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(Py_TYPE(o)));
        t->device = PyRef::steal(PyObject_GetAttrString(o, "device"));
        // A meta copy carries shape, dtype, strides and requires_grad without data. It is made
        // with the input's own strides: `.to("meta")` made a non-dense view (x[:, ::2])
        // contiguous, and stride() / is_contiguous() then answered for another tensor.
        t->meta = stridedMeta(o);
        if (!t->meta) {
            PyErr_Clear();
            PyRef detached = PyRef::steal(PyObject_CallMethod(o, "detach", nullptr));
            t->meta = detached
                          ? PyRef::steal(PyObject_CallMethod(detached.get(), "to", "s", "meta"))
                          : PyRef();
        }
        PyRef rg = PyRef::steal(PyObject_GetAttrString(o, "requires_grad"));
        if (t->meta && rg.get() == Py_True)
            t->meta = PyRef::steal(PyObject_CallMethod(t->meta.get(), "requires_grad_", nullptr));
        if (!t->meta) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnknownValue, "tensor without a meta form");
        }
        if (!source) {
            // A tensor made outside the graph and met during the trace (e.g. a constant).
            throw GraphBreak(BreakId::UnknownValue, "tensor constant without a source");
        }
        // The object's identity (set membership, `is`) is the first value read for it: an
        // in-place op's result carries that value's meta tensor.
        m_tensorKeys.emplace(o, t->meta);
        PyRef dtype = PyRef::steal(PyObject_GetAttrString(o, "dtype"));
        t->node = m_graph->placeholder(source, t->shapeStrings(), dtypeName(dtype.get()));
        return t;
    }
    if ((PyTuple_Check(o) || PyList_Check(o)) && !overridesSequenceProtocol(o)) {
        bool isTuple = PyTuple_Check(o);
        if (isTuple && !PyTuple_CheckExact(o)) {
            // torch.Size and named tuples: immutable, kept as constants when all items are.
            bool allConst = true;
            for (Py_ssize_t i = 0; i < PyTuple_Size(o); ++i) {
                PyObject *it = PyTuple_GET_ITEM(o, i);
                allConst = allConst && (PyLong_CheckExact(it) || PyFloat_CheckExact(it) ||
                                        PyUnicode_CheckExact(it) || it == Py_None);
            }
            if (allConst) {
                v = Value::constant(o);
                v->source = source;
                if (source)
                    addGuard(Guard::equalsMatch(source, o));
                return v;
            }
        }
        auto seq = std::make_shared<SequenceValue>(
            isTuple ? K::Tuple : K::List, std::vector<ValuePtr>{}, PyRef::borrow(o), source);
        if (source)
            addGuard(Guard::sequenceLength(source, o));
        if (isTuple && !PyTuple_CheckExact(o)) {
            // A named tuple: its fields are readable as attributes.
            PyObject *type = reinterpret_cast<PyObject *>(Py_TYPE(o));
            seq->pyType = PyRef::borrow(type);
            PyRef fields = PyRef::steal(PyObject_GetAttrString(type, "_fields"));
            for (Py_ssize_t i = 0; fields && i < PySequence_Size(fields.get()); ++i)
                seq->fieldNames.push_back(PyRef::steal(PySequence_GetItem(fields.get(), i)));
            PyErr_Clear();
        }
        Py_ssize_t n = PySequence_Size(o);
        for (Py_ssize_t i = 0; i < n; ++i) {
            PyRef item = PyRef::steal(PySequence_GetItem(o, i));
            seq->items.push_back(
                wrap(item.get(),
                     source ? Source::item(source, PyRef::steal(PyLong_FromSsize_t(i))) : nullptr));
        }
        m_wrapped[o] = seq;
        return seq;
    }
    if (source && PySet_CheckExact(o))
        if (ValuePtr s = wrapSet(o, source))
            return s; // a set argument of constants: a value the trace may change
    if (PyAnySet_Check(o)) {
        // Sets of constants (e.g. the result of a dict-view set operation): values, compared by
        // == when they come from a source.
        bool allConst = true;
        PyRef it = PyRef::steal(PyObject_GetIter(o));
        while (PyRef item = PyRef::steal(PyIter_Next(it.get()))) {
            PyObject *i = item.get();
            allConst = allConst && (PyLong_Check(i) || PyFloat_Check(i) || PyUnicode_Check(i) ||
                                    i == Py_None || PyTuple_Check(i));
        }
        PyErr_Clear();
        if (allConst) {
            v = Value::constant(o);
            v->source = source;
            // A copy for a mutable set: the object may change and still equal itself.
            if (source)
                addGuard(Guard::equalsMatch(
                    source, PySet_CheckExact(o) ? PyRef::steal(PySet_New(o)).get() : o));
            return v;
        }
    }
    if (PyDict_CheckExact(o) || ((isOrderedDict(o) || isDefaultDict(o)) && source)) {
        // A dict argument, or an OrderedDict / defaultdict one (their own methods are what the
        // trace models on Dict values): a value the trace reads and changes, its keys (in
        // iteration order: an OrderedDict's is its links') guarded, written back in place.
        auto d = std::make_shared<DictValue>(PyRef::borrow(o), source);
        if (!PyDict_CheckExact(o))
            d->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(Py_TYPE(o)));
        if (source)
            addGuard(Guard::dictKeys(source, o));
        if (isDefaultDict(o)) {
            PyRef factory = PyRef::steal(PyObject_GetAttrString(o, "default_factory"));
            d->defaultFactory = wrap(factory.get(), Source::attr(source, "default_factory"));
        }
        PyRef keys = PyRef::steal(PySequence_List(o));
        for (Py_ssize_t i = 0; keys && i < PyList_GET_SIZE(keys.get()); ++i) {
            PyObject *key = PyList_GET_ITEM(keys.get(), i);
            PyObject *value = PyDict_GetItemWithError(o, key);
            if (!value) {
                PyErr_Clear();
                throw GraphBreak(BreakId::UnknownValue, "a dict argument changed while read");
            }
            if (py::isTensor(key)) {
                // A tensor key is a graph input reached through its position (the keys guard
                // keeps it); the dict holds its identity stand-in, as a dict made in the trace.
                if (!source)
                    throw GraphBreak(BreakId::UnknownValue, "a tensor key of a dict without a source");
                ValuePtr keyValue = wrap(key, Source::dictKey(source, static_cast<int>(i)));
                d->store(hashKey(keyValue), keyValue,
                         wrap(value, Source::item(source, PyRef::borrow(key))));
                continue;
            }
            // Keys compared by identity (modules, classes, functions) are themselves, and
            // constants are guarded with the keys.
            d->keys.push_back(PyRef::borrow(key));
            d->values.push_back(
                wrap(value, source ? Source::item(source, PyRef::borrow(key)) : nullptr));
        }
        if (!keys) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnknownValue, "the keys of a dict argument");
        }
        m_wrapped[o] = d;
        return d;
    }
    if (source && std::string(Py_TYPE(o)->tp_name) == "collections.deque") {
        // A deque argument: a List value of type deque, read and changed like one made in the
        // trace, written back in place after the graph. A bounded one drops items as it grows:
        // its maxlen is guarded to be None.
        PyRef maxlen = PyRef::steal(PyObject_GetAttrString(o, "maxlen"));
        if (maxlen.get() == Py_None) {
            auto q = std::make_shared<SequenceValue>(K::List, std::vector<ValuePtr>{},
                                                     PyRef::borrow(o), source);
            q->pyType = PyRef::borrow(reinterpret_cast<PyObject *>(Py_TYPE(o)));
            addGuard(Guard::sequenceLength(source, o));
            addGuard(Guard::equalsMatch(Source::attr(source, "maxlen"), Py_None));
            m_wrapped[o] = q;
            for (Py_ssize_t i = 0; i < PySequence_Size(o); ++i) {
                PyRef key = PyRef::steal(PyLong_FromSsize_t(i));
                PyRef item = PyRef::steal(PyObject_GetItem(o, key.get()));
                q->items.push_back(wrap(item.get(), Source::item(source, key)));
            }
            return q;
        }
        PyErr_Clear();
    }
    if (PyModule_Check(o)) {
        // Which module it is (an argument, a global that may be rebound): its attributes are
        // read unguarded for library modules, so the module itself is guarded by identity.
        if (source)
            addGuard(Guard::idMatch(source, o));
        return Value::ofKind(K::PyModule, PyRef::borrow(o), source);
    }
    if (ValuePtr it = source ? wrapIterator(o, source) : nullptr)
        return it;
    if (py::isModule(o)) {
        v = Value::ofKind(K::NNModule, PyRef::borrow(o), source);
        if (source)
            addGuard(Guard::idMatch(source, o));
        m_wrapped[o] = v;
        return v;
    }
    std::string mod = py::moduleOf(o);
    bool torchish = mod == "torch" || mod.rfind("torch.", 0) == 0 || mod.rfind("torch._C", 0) == 0;
    bool shimish = mod.rfind("torch._dynamo", 0) == 0 || mod.rfind("torch.compiler", 0) == 0 ||
                   mod.rfind("dynascope", 0) == 0;
    if (PyFunction_Check(o) && PyObject_HasAttrString(o, "_dynascope_grad_exit")) {
        // A grad-mode with-block's exit rebuilt after a break (ExitPlan's GradExit).
        PyRef prev = PyRef::steal(PyObject_GetAttrString(o, "_dynascope_grad_exit"));
        v = std::make_shared<GradModeValue>(static_cast<int>(PyLong_AsLong(prev.get())), "__exit__",
                                            source);
        if (source)
            addGuard(Guard::equalsMatch(Source::attr(source, "_dynascope_grad_exit"), prev.get()));
        return v;
    }
    if (PyFunction_Check(o)) {
        bool disabled = PyObject_HasAttrString(o, "_dynascope_disabled");
        // nn.Module code (forward of Linear, Conv2d…) is inlined; torch.nn.functional is a leaf.
        // Pure-Python helpers on containers and shapes are inlined too, as in Dynamo's
        // MOD_INLINELIST (pytree flattening, stride arithmetic): as graph calls they would return
        // containers, which a graph node cannot.
        bool moduleCode = mod.rfind("torch.nn.modules", 0) == 0 || mod == "torch.utils._pytree" ||
                          mod == "torch._prims_common";
        if (torchish && !shimish && !disabled && !moduleCode) {
            auto fn = std::make_shared<FunctionValue>(K::TorchFunction, PyRef::borrow(o), source);
            fn->name = mod + "." + py::nameOf(o);
            // Which function it is decides the graph node (Dynamo's FUNCTION_MATCH).
            if (source)
                addGuard(Guard::idMatch(source, o));
            return fn;
        }
        v = Value::ofKind(K::UserFunction, PyRef::borrow(o), source);
        // A nested def is a new function object per call: its code is what must not change.
        if (source)
            addGuard(Guard::idMatch(Source::attr(source, "__code__"), PyFunction_GET_CODE(o)));
        return v;
    }
    if (PyCFunction_Check(o) || Py_TYPE(o) == &PyMethodDescr_Type) {
        // A builtin (len, torch.add) is traced as what it is: another one passed or bound in
        // its place is another trace (Dynamo's BUILTIN_MATCH / FUNCTION_MATCH).
        if (source)
            addGuard(Guard::idMatch(source, o));
        if (torchish || mod == "_operator" || mod == "operator") {
            auto fn = std::make_shared<FunctionValue>(
                mod == "_operator" ? K::Builtin : K::TorchFunction, PyRef::borrow(o), source);
            fn->name = (mod == "_operator" ? "operator" : mod) + "." + py::nameOf(o);
            return fn;
        }
        return Value::ofKind(K::Builtin, PyRef::borrow(o), source);
    }
    if (PyMethod_Check(o)) {
        PyObject *fn = PyMethod_GET_FUNCTION(o);
        PyObject *self = PyMethod_GET_SELF(o);
        ValuePtr selfValue = wrap(self, source ? Source::attr(source, "__self__") : nullptr);
        v = std::make_shared<MethodValue>(K::BoundMethod, selfValue, py::nameOf(fn),
                                          PyRef::borrow(fn));
        v->source = source;
        return v;
    }
    if (PyType_Check(o)) {
        v = Value::constant(o);
        v->source = source;
        if (source)
            addGuard(Guard::idMatch(source, o));
        return v;
    }
    std::string typeName = Py_TYPE(o)->tp_name;
    if (typeName == "torch.dtype" || typeName == "torch.device" || typeName == "torch.layout" ||
        typeName == "torch.memory_format") {
        v = Value::constant(o);
        v->source = source;
        if (source)
            addGuard(Guard::equalsMatch(source, o));
        return v;
    }
    v = Value::ofKind(K::UserObject, PyRef::borrow(o), source);
    if (source)
        addGuard(Guard::typeMatch(source, o));
    m_wrapped[o] = v;
    return v;
}

PyRef Tracer::constantOf(const ValuePtr &v, const char *why) {
    PyRef p = v ? specializeSymInt(v)->asPython() : PyRef();
    if (!p)
        throw GraphBreak(v && v->kind == Value::Kind::Tensor ? BreakId::TensorPythonOp
                                                             : BreakId::UnknownValue,
                         std::string(why) + " of " + (v ? v->describe() : "NULL"));
    return p;
}

bool Tracer::truthOf(const ValuePtr &v) {
    // CPython's order: the class's __bool__, else its __len__, else true. A Python one is
    // inlined (the attributes it reads are guarded there); one written in C is the value's own
    // isTrue(); an instance attribute named __bool__ is not looked at, as in CPython.
    if (PyObject *boolFn = classDunder(v, "__bool__")) {
        if (PyFunction_Check(boolFn)) {
            PyRef b = constantOf(callClassDunder(v, "__bool__"), "__bool__");
            if (!PyBool_Check(b.get()))
                throw GraphBreak(BreakId::PythonException,
                                 "__bool__ should return bool, returned " +
                                     std::string(Py_TYPE(b.get())->tp_name));
            return b.get() == Py_True;
        }
    } else if (ValuePtr n = userLength(v)) {
        return n->isTrue();
    }
    return specializeSymInt(v)->isTrue(); // a dynamic int's truth reads its value
}

} // namespace dynascope
