// Handlers for jumps, iteration and return: constant conditions are decided at trace time; a
// condition on tensor data is a graph break (data_dependent_branch).
#include "sources/pyobjects.h"
#include "trace/breakcatalogue.h"
#include "trace/tracer.h"

namespace dynascope {

namespace {
bool isNone(const ValuePtr &v) {
    return v->kind == Value::Kind::Constant && v->object.get() == Py_None;
}
} // namespace

void Tracer::op_JUMP_FORWARD(const CodeInstruction &ins) {
    jumpTo(ins.jumpTarget);
}
void Tracer::op_JUMP_BACKWARD(const CodeInstruction &ins) {
    jumpTo(ins.jumpTarget);
}
void Tracer::op_JUMP_BACKWARD_NO_INTERRUPT(const CodeInstruction &ins) {
    jumpTo(ins.jumpTarget);
}

void Tracer::op_POP_JUMP_FORWARD_IF_FALSE(const CodeInstruction &ins) {
    if (!truthOf(pop()))
        jumpTo(ins.jumpTarget);
}
void Tracer::op_POP_JUMP_FORWARD_IF_TRUE(const CodeInstruction &ins) {
    if (truthOf(pop()))
        jumpTo(ins.jumpTarget);
}
void Tracer::op_POP_JUMP_BACKWARD_IF_FALSE(const CodeInstruction &ins) {
    op_POP_JUMP_FORWARD_IF_FALSE(ins);
}
void Tracer::op_POP_JUMP_BACKWARD_IF_TRUE(const CodeInstruction &ins) {
    op_POP_JUMP_FORWARD_IF_TRUE(ins);
}
void Tracer::op_POP_JUMP_FORWARD_IF_NONE(const CodeInstruction &ins) {
    if (isNone(pop()))
        jumpTo(ins.jumpTarget);
}
void Tracer::op_POP_JUMP_FORWARD_IF_NOT_NONE(const CodeInstruction &ins) {
    if (!isNone(pop()))
        jumpTo(ins.jumpTarget);
}
void Tracer::op_POP_JUMP_BACKWARD_IF_NONE(const CodeInstruction &ins) {
    op_POP_JUMP_FORWARD_IF_NONE(ins);
}
void Tracer::op_POP_JUMP_BACKWARD_IF_NOT_NONE(const CodeInstruction &ins) {
    op_POP_JUMP_FORWARD_IF_NOT_NONE(ins);
}

void Tracer::op_JUMP_IF_FALSE_OR_POP(const CodeInstruction &ins) {
    if (!truthOf(top()))
        jumpTo(ins.jumpTarget);
    else
        pop();
}

void Tracer::op_JUMP_IF_TRUE_OR_POP(const CodeInstruction &ins) {
    if (truthOf(top()))
        jumpTo(ins.jumpTarget);
    else
        pop();
}

void Tracer::op_RETURN_VALUE(const CodeInstruction &) {
    Frame &f = frame();
    f.result = pop();
    f.returned = true;
}

// In an inlined generator (Tracer::inlineCall) RETURN_GENERATOR starts the body: CPython resumes
// it with the value next() sends (None), which the POP_TOP after it drops. In the root frame
// a generator's own code is not traced.
void Tracer::op_RETURN_GENERATOR(const CodeInstruction &ins) {
    if (!frame().generator)
        throw GraphBreak(BreakId::UnsupportedOpcode, *ins.opname);
    push(Value::constant(Py_None));
}

// The generator's frame stops here (resumeGenerator takes the value); when next() resumes it,
// CPython pushes what was sent, None for next(), pushed now.
void Tracer::op_YIELD_VALUE(const CodeInstruction &ins) {
    if (!frame().generator)
        throw GraphBreak(BreakId::UnsupportedOpcode, *ins.opname);
    // A generator left suspended inside a try or with block runs its handlers (finally, __exit__)
    // when CPython closes it, at a moment set by reference counts (the loop's break, the last
    // reference dropped): not modelled, so such a yield is a break.
    if (frame().view->inTryBlock(ins.offset))
        throw GraphBreak(BreakId::UnsupportedOpcode,
                         "YIELD_VALUE inside a try or with block of generator " +
                             frame().view->qualname());
    frame().yielded = pop();
    push(Value::constant(Py_None));
}

// `yield from x` in a generator: x's iterator (a generator stays itself).
void Tracer::op_GET_YIELD_FROM_ITER(const CodeInstruction &) {
    push(iterate(pop()));
}

// `yield from`'s loop: next() of the receiver below the sent value; its item goes on to the
// YIELD_VALUE after, its end replaces the receiver by what it returned and jumps past the loop.
// Only next() is modelled: a value sent with gen.send() is a break.
void Tracer::op_SEND(const CodeInstruction &ins) {
    ValuePtr sent = pop();
    if (!sent->isNone())
        throw GraphBreak(BreakId::UnsupportedCall, "generator.send() of a value");
    ValuePtr receiver = top();
    if (receiver->kind != Value::Kind::Iterator)
        throw GraphBreak(BreakId::UnknownValue, "yield from " + receiver->describe());
    if (ValuePtr item = iterNext(receiver)) {
        push(item);
        return;
    }
    const auto *gen = receiver->as<IteratorValue>();
    ValuePtr returned = gen->generator ? gen->generator->returned : nullptr;
    top() = returned ? returned : Value::constant(Py_None);
    jumpTo(ins.jumpTarget);
}

void Tracer::op_GET_ITER(const CodeInstruction &) {
    push(iterate(pop()));
}

void Tracer::op_FOR_ITER(const CodeInstruction &ins) {
    ValuePtr it = top();
    if (it->kind != Value::Kind::Iterator)
        throw GraphBreak(BreakId::UnknownValue, "FOR_ITER over " + it->describe());
    if (ValuePtr item = iterNext(it)) {
        push(item);
    } else {
        pop();
        jumpTo(ins.jumpTarget);
    }
}

void Tracer::op_GET_LEN(const CodeInstruction &) {
    ValuePtr v = top();
    if (const auto *seq = v->tryAs<SequenceValue>()) {
        push(Value::constant(PyRef::steal(PyLong_FromSize_t(seq->items.size()))));
        return;
    }
    if (const auto *dict = v->tryAs<DictValue>()) {
        push(Value::constant(PyRef::steal(PyLong_FromSize_t(dict->values.size()))));
        return;
    }
    PyRef p = constantOf(v, "len()");
    Py_ssize_t n = PyObject_Length(p.get());
    if (n < 0) {
        PyErr_Clear();
        throw GraphBreak(BreakId::PythonException, "len() of " + v->describe());
    }
    push(Value::constant(PyRef::steal(PyLong_FromSsize_t(n))));
}

} // namespace dynascope

namespace dynascope {

void Tracer::setGradMode(bool enabled) {
    // Coalesced as in Dynamo: a switch to the mode already in force is no node.
    if (enabled == m_gradMode)
        return;
    PyRef c = PyRef::steal(PyObject_GetAttrString(py::torch(), "_C"));
    PyRef fn = c ? PyRef::steal(PyObject_GetAttrString(c.get(), "_set_grad_enabled")) : PyRef();
    if (!fn) {
        PyErr_Clear();
        throw GraphBreak(BreakId::UnsupportedCall, "torch._C._set_grad_enabled is missing");
    }
    m_graph->addCall("call_function", "torch._C._set_grad_enabled", fn,
                     {NodeArg::ofConst(PyRef::borrow(enabled ? Py_True : Py_False))}, {});
    std::vector<SourceSite> stack = userStack();
    m_graph->last().site = stack.back();
    if (stack.size() > 1)
        m_graph->last().inlineStack.assign(stack.begin(), stack.end() - 1);
    m_gradMode = enabled;
    m_gradSwitched = true;
}

// with torch.no_grad()/enable_grad(): the mode switch is a graph node; other context managers
// are left to CPython (a break of type unsupported_opcode).
void Tracer::op_BEFORE_WITH(const CodeInstruction &) {
    ValuePtr ctx = pop();
    if (enterCatchWarnings(ctx))
        return;
    auto *grad = ctx->tryAs<GradModeValue>();
    if (!grad || grad->isExit())
        throw GraphBreak(BreakId::UnsupportedOpcode, "BEFORE_WITH on " + ctx->describe());
    auto exit = std::make_shared<GradModeValue>(m_gradMode ? 1 : 0, "__exit__");
    if (grad->form == "applied") {
        // torch.set_grad_enabled(b) switched the mode when it was made; its exit restores the
        // mode from before that.
        exit->mode = grad->before ? grad->before->as<GradModeValue>()->mode : 1;
    } else {
        setGradMode(grad->mode != 0);
    }
    push(exit);
    push(Value::constant(Py_None));
}

} // namespace dynascope
