// Dynamic ints (Dynamo's SymNodeVariable): an int input that changed between calls is a graph
// input guarded on its type only; arithmetic on it and its use as a tensor operand are graph
// nodes; it may be moved (stack, locals, tuples and lists built in the trace, the arguments of an
// inlined user function, a return). Every other use specialises it, also inside a container:
// its inputs are guarded to their values and it becomes a constant again, so no path can read
// this trace's example value as if it held for every call.
#include "shapes/shapepolicy.h"
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

#include <opcode.h>

#include <functional>
#include <set>

namespace dynascope {

namespace {

using K = Value::Kind;

// Instructions that move a SymInt without reading its value (loads, stores, stack shuffles,
// packing into a tuple or list, the call sequence's bookkeeping, the return) or that read it
// symbolically (BINARY_OP, through binaryOp). Before any other instruction the SymInts on the
// frame's stack are specialised (Tracer::keepsSymIntsAt decides the ones that depend on what
// the stack holds: CALL, CALL_FUNCTION_EX, UNPACK_SEQUENCE, BINARY_SUBSCR,
// UNARY_NEGATIVE/POSITIVE).
bool keepsSymInts(int opcode) {
    switch (opcode) {
    case NOP:
    case RESUME:
    case CACHE:
    case EXTENDED_ARG:
    case LOAD_FAST:
    case LOAD_CONST:
    case LOAD_DEREF:
    case LOAD_CLOSURE:
    case LOAD_GLOBAL:
    case PUSH_NULL:
    case STORE_FAST:
    case STORE_DEREF:
    case STORE_ATTR:
    case POP_TOP:
    case COPY:
    case SWAP:
    case BINARY_OP:
    case RETURN_VALUE:
    case JUMP_FORWARD:
    case JUMP_BACKWARD:
    case BUILD_TUPLE:
    case BUILD_LIST:
    case KW_NAMES:
    case PRECALL:
        return true;
    default:
        return false;
    }
}

// The int operators whose result is again an int for int operands (truediv and pow are not).
bool isIntArithmetic(const std::string &name) {
    static const std::set<std::string> ops = {"add", "sub", "mul", "floordiv", "mod"};
    return ops.count(name) > 0;
}

bool isIntOperand(const ValuePtr &v) {
    return v->kind == K::SymInt ||
           (v->kind == K::Constant && v->object && PyLong_CheckExact(v->object.get()));
}

} // namespace

bool Tracer::isDynamicInt(PyObject *object, const SourcePtr &source) const {
    // Items of containers stay constants: only named inputs (locals, globals, attributes,
    // closure cells, stack slots at a resume) become dynamic, as few paths read them.
    return source && m_start.shapes && PyLong_CheckExact(object) &&
           source->kind() != Source::Kind::Item && m_start.shapes->isDynamicScalar(source->text());
}

ValuePtr Tracer::wrapDynamicInt(PyObject *object, SourcePtr source) {
    ValuePtr v = std::make_shared<SymIntValue>(PyRef::borrow(object), source);
    addGuard(Guard::typeMatch(source, object));
    m_hasSymInts = true;
    return v;
}

const std::string &Tracer::symIntNode(const ValuePtr &v) {
    // An input's placeholder is made when the graph first uses it: a dynamic int that only
    // ends up specialised leaves no unused graph input behind.
    std::string &node = v->as<SymIntValue>()->node;
    if (node.empty() && v->source)
        node = m_graph->placeholder(v->source, {}, "");
    if (node.empty())
        throw GraphBreak(BreakId::UnknownValue, "dynamic int without a graph node");
    return node;
}

ValuePtr Tracer::specializeSymInt(const ValuePtr &v) {
    if (!v)
        return v;
    if (v->kind != K::SymInt) {
        // A tuple or list built in the trace (or a **kwargs dict of an inlined call) may hold
        // SymInts: whoever reads the container reads them, so they are specialised in place.
        std::set<const Value *> seen;
        specializeNestedSymInts(v, seen);
        return v;
    }
    std::vector<ValuePtr> pending{v};
    while (!pending.empty()) {
        ValuePtr s = pending.back();
        pending.pop_back();
        if (s->source)
            addGuard(Guard::equalsMatch(s->source, s->object.get()));
        for (const ValuePtr &operand : s->as<SymIntValue>()->operands)
            pending.push_back(operand);
    }
    ValuePtr c = Value::constant(v->object);
    c->source = v->source;
    return c;
}

void Tracer::specializeNestedSymInts(const ValuePtr &container, std::set<const Value *> &seen) {
    if (!seen.insert(container.get()).second)
        return;
    if (const auto *partial = container->tryAs<PartialValue>()) {
        specializeNestedSymInts(partial->args, seen);
        specializeNestedSymInts(partial->keywords, seen);
        return;
    }
    std::vector<ValuePtr> *items = nullptr;
    if (auto *seq = container->tryAs<SequenceValue>())
        items = &seq->items;
    else if (auto *dict = container->tryAs<DictValue>())
        items = &dict->values;
    if (!items)
        return;
    for (ValuePtr &item : *items) {
        if (!item)
            continue;
        if (item->kind == K::SymInt)
            item = specializeSymInt(item);
        else
            specializeNestedSymInts(item, seen);
    }
}

bool Tracer::keepsSymIntsAt(const CodeInstruction &ins) const {
    if (keepsSymInts(ins.opcode))
        return true;
    const std::vector<ValuePtr> &stack = m_frames.back()->stack;
    auto fromTop = [&stack](size_t depth) -> const ValuePtr * {
        return depth < stack.size() && stack[stack.size() - 1 - depth]
                   ? &stack[stack.size() - 1 - depth]
                   : nullptr;
    };
    switch (ins.opcode) {
    case UNPACK_SEQUENCE: {
        // Unpacking a tuple or list moves its items; unpacking a SymInt itself reads it.
        const ValuePtr *top = fromTop(0);
        return top && (*top)->tryAs<SequenceValue>();
    }
    case UNARY_NEGATIVE:
    case UNARY_POSITIVE: {
        // Only the operand is read: a SymInt one stays symbolic (symIntUnary).
        const ValuePtr *top = fromTop(0);
        return top && (*top)->kind == K::SymInt;
    }
    case BINARY_SUBSCR: {
        // A constant index or key into a tuple, list or dict moves the item it names.
        const ValuePtr *key = fromTop(0), *container = fromTop(1);
        return key && container && (*key)->kind == K::Constant &&
               ((*container)->tryAs<SequenceValue>() || (*container)->tryAs<DictValue>());
    }
    case CALL: {
        // [NULL, fn, args…] or [method, self, args…]: the callee decides.
        const ValuePtr *head = fromTop(static_cast<size_t>(ins.arg) + 1);
        const ValuePtr *second = fromTop(static_cast<size_t>(ins.arg));
        if (!head || !second)
            return false;
        const ValuePtr &callee = (*head)->kind == K::Null ? *second : *head;
        // len() of a container and isinstance() read no item's value (an int input's type is
        // guarded by TYPE_MATCH).
        if (callee->kind == K::Builtin && (callee->object.get() == py::builtin("len") ||
                                           callee->object.get() == py::builtin("isinstance")))
            return true;
        return inlinesPlainly(callee);
    }
    case CALL_FUNCTION_EX: {
        const ValuePtr *fn = fromTop((ins.arg & 1) ? 2 : 1);
        return fn && inlinesPlainly(*fn);
    }
    default:
        return false;
    }
}

void Tracer::beginSymIntStep(const CodeInstruction &ins) {
    // Only a load straight onto the stack makes a dynamic int; a handler's own reads see
    // constants. (A frame a handler inlines steps itself and ends with RETURN_VALUE, which
    // leaves this false for the rest of the handler.)
    m_loadMayBeDynamic = ins.opcode == LOAD_FAST || ins.opcode == LOAD_DEREF ||
                         ins.opcode == LOAD_ATTR || ins.opcode == LOAD_GLOBAL;
    if (!m_hasSymInts)
        return;
    std::vector<ValuePtr> &stack = frame().stack;
    if (ins.opcode == BINARY_OP) {
        // A SymInt operand is read symbolically; one inside a tuple or list operand (a graph
        // argument, a concatenation) is read as a value.
        std::set<const Value *> seen;
        for (size_t i = stack.size() >= 2 ? stack.size() - 2 : 0; i < stack.size(); ++i)
            if (stack[i] && stack[i]->kind != K::SymInt)
                specializeNestedSymInts(stack[i], seen);
        return;
    }
    if (keepsSymIntsAt(ins))
        return;
    // An attribute read only looks at its owner, on top.
    bool topOnly = ins.opcode == LOAD_ATTR || ins.opcode == LOAD_METHOD;
    for (size_t i = topOnly && !stack.empty() ? stack.size() - 1 : 0; i < stack.size(); ++i)
        if (stack[i])
            stack[i] = specializeSymInt(stack[i]);
}

ValuePtr Tracer::symIntArithmetic(const std::string &name, const ValuePtr &a, const ValuePtr &b) {
    bool symbolic = a->kind == K::SymInt || b->kind == K::SymInt;
    if (!symbolic || !isIntOperand(a) || !isIntOperand(b) || !isIntArithmetic(name))
        return nullptr;
    return symIntCall(name, {a, b});
}

ValuePtr Tracer::symIntUnary(const std::string &name, const ValuePtr &v) {
    // -n and +n of an int are ints (Dynamo's SymNodeVariable keeps them symbolic).
    if (v->kind != K::SymInt || (name != "neg" && name != "pos"))
        return nullptr;
    return symIntCall(name, {v});
}

ValuePtr Tracer::symIntCall(const std::string &name, const std::vector<ValuePtr> &operands) {
    PyRef fn = PyRef::steal(PyObject_GetAttrString(py::operatorModule(), name.c_str()));
    PyRef args = PyRef::steal(PyTuple_New(static_cast<Py_ssize_t>(operands.size())));
    for (size_t i = 0; args && i < operands.size(); ++i) {
        Py_INCREF(operands[i]->object.get());
        PyTuple_SET_ITEM(args.get(), static_cast<Py_ssize_t>(i), operands[i]->object.get());
    }
    PyRef example =
        fn && args ? PyRef::steal(PyObject_Call(fn.get(), args.get(), nullptr)) : PyRef();
    if (!example) {
        // e.g. a floor division by zero: the constant path raises it as CPython would.
        PyErr_Clear();
        return nullptr;
    }
    std::vector<NodeArg> nodeArgs;
    for (const ValuePtr &v : operands)
        nodeArgs.push_back(v->kind == K::SymInt ? NodeArg::ofNode(symIntNode(v))
                                                : NodeArg::ofConst(v->object));
    std::string node = m_graph->addCall("call_function", "operator." + name, fn, nodeArgs, {});
    std::vector<SourceSite> stack = userStack();
    m_graph->last().site = stack.back();
    if (stack.size() > 1)
        m_graph->last().inlineStack.assign(stack.begin(), stack.end() - 1);
    auto r = std::make_shared<SymIntValue>(example);
    r->node = node;
    for (const ValuePtr &v : operands)
        if (v->kind == K::SymInt)
            r->operands.push_back(v);
    return r;
}

void Tracer::settleSymIntsAtExit() {
    if (!m_hasSymInts)
        return;
    // An input read from an object (an attribute, a cell) may be written by the region's side
    // effects before the exit reads it back, so the exit takes it from the graph's outputs; a
    // frame slot is fetched from the region start. Without a compiled graph (no call node) there
    // are no outputs: such inputs are specialised.
    bool compiled = m_graph->callCount() > 0 && !m_graph->onlyGradModeCalls();
    std::set<const Value *> seen;
    std::function<void(ValuePtr &)> settle = [&](ValuePtr &v) {
        if (!v)
            return;
        // A tuple or list the exit rebuilds holds its SymInts as graph outputs (or fetches).
        if (auto *seq = v->tryAs<SequenceValue>()) {
            if (seen.insert(v.get()).second)
                for (ValuePtr &item : seq->items)
                    settle(item);
            return;
        }
        if (auto *dict = v->tryAs<DictValue>()) {
            if (seen.insert(v.get()).second)
                for (ValuePtr &item : dict->values)
                    settle(item);
            return;
        }
        if (auto *made = v->tryAs<NewObjectValue>()) { // an object made in the trace: likewise
            if (seen.insert(v.get()).second)
                for (auto &attr : made->attrs)
                    settle(attr.second);
            return;
        }
        if (v->kind != K::SymInt || !v->source || v->source->isFrameSlot())
            return;
        if (compiled)
            symIntNode(v);
        else
            v = specializeSymInt(v);
    };
    Frame &root = *m_frames.front();
    for (ValuePtr &v : root.locals)
        settle(v);
    for (ValuePtr &v : root.stack)
        settle(v);
    settle(root.result);
    for (SideEffect &e : m_sideEffects)
        settle(e.value);
}

} // namespace dynascope
