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

void Tracer::op_GET_ITER(const CodeInstruction &) {
    push(iterate(pop()));
}

void Tracer::op_FOR_ITER(const CodeInstruction &ins) {
    ValuePtr it = top();
    if (it->kind != Value::Kind::Iterator)
        throw GraphBreak(BreakId::UnknownValue, "FOR_ITER over " + it->describe());
    if (it->index < static_cast<int>(it->items.size())) {
        push(it->items[it->index++]);
    } else {
        pop();
        jumpTo(ins.jumpTarget);
    }
}

void Tracer::op_GET_LEN(const CodeInstruction &) {
    ValuePtr v = top();
    if (v->isSequence() || v->kind == Value::Kind::Dict) {
        push(Value::constant(PyRef::steal(PyLong_FromSize_t(v->items.size()))));
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

ValuePtr Tracer::iterate(const ValuePtr &v) {
    using K = Value::Kind;
    auto it = Value::ofKind(K::Iterator);
    switch (v->kind) {
    case K::Iterator:
        return v;
    case K::Tuple:
    case K::List:
        it->items = v->items;
        return it;
    case K::Dict:
        for (const PyRef &k : v->keys)
            it->items.push_back(Value::constant(k));
        return it;
    case K::DictView: {
        // The dict's contents now: a view sees every change made since it was taken.
        const ValuePtr &d = v->self;
        for (size_t i = 0; i < d->keys.size(); ++i) {
            ValuePtr k = Value::constant(d->keys[i]);
            if (v->name == "items")
                it->items.push_back(Value::sequence(K::Tuple, {k, d->items[i]}));
            else
                it->items.push_back(v->name == "keys" ? k : d->items[i]);
        }
        return it;
    }
    case K::Tensor: {
        std::vector<std::string> shape = shapeStrings(*v);
        if (shape.empty())
            throw GraphBreak(BreakId::TensorPythonOp, "iteration over a 0-d tensor");
        ValuePtr n = getAttr(v, "shape");
        PyRef size = PyRef::steal(PySequence_GetItem(n->object.get(), 0));
        long count = PyLong_AsLong(size.get());
        for (long i = 0; i < count; ++i)
            it->items.push_back(subscript(v, Value::constant(PyRef::steal(PyLong_FromLong(i)))));
        return it;
    }
    case K::NNModule: {
        // ModuleList / Sequential: children by index; ModuleDict: its keys.
        PyObject *mod = v->object.get();
        std::string type = Py_TYPE(mod)->tp_name;
        Py_ssize_t n = PyObject_Length(mod);
        if (n < 0 || (type != "ModuleList" && type != "Sequential" && type != "ModuleDict" &&
                      type != "ParameterList")) {
            PyErr_Clear();
            throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
        }
        if (type == "ModuleDict") {
            PyRef keys = PyRef::steal(PyObject_CallMethod(mod, "keys", nullptr));
            PyRef list = keys ? PyRef::steal(PySequence_List(keys.get())) : PyRef();
            for (Py_ssize_t i = 0; list && i < PyList_Size(list.get()); ++i)
                it->items.push_back(Value::constant(PyList_GetItem(list.get(), i)));
            PyErr_Clear();
            return it;
        }
        for (Py_ssize_t i = 0; i < n; ++i) {
            PyRef key = PyRef::steal(PyLong_FromSsize_t(i));
            PyRef child = PyRef::steal(PyObject_GetItem(mod, key.get()));
            if (!child) {
                PyErr_Clear();
                throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
            }
            it->items.push_back(
                wrap(child.get(), v->source ? Source::item(v->source, key) : nullptr));
        }
        return it;
    }
    case K::Constant: {
        PyRef iter = PyRef::steal(PyObject_GetIter(v->object.get()));
        if (!iter) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "iteration over " + v->describe());
        }
        while (PyRef item = PyRef::steal(PyIter_Next(iter.get())))
            it->items.push_back(wrapUnguarded(item.get()));
        if (PyErr_Occurred()) {
            PyErr_Clear();
            throw GraphBreak(BreakId::PythonException, "iteration over " + v->describe());
        }
        return it;
    }
    default:
        throw GraphBreak(BreakId::UnknownValue, "iteration over " + v->describe());
    }
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
    if (ctx->kind != Value::Kind::GradMode || ctx->name == "__exit__")
        throw GraphBreak(BreakId::UnsupportedOpcode, "BEFORE_WITH on " + ctx->describe());
    auto exit = Value::ofKind(Value::Kind::GradMode);
    exit->name = "__exit__";
    if (ctx->name == "applied") {
        // torch.set_grad_enabled(b) switched the mode when it was made; its exit restores the
        // mode from before that.
        exit->index = ctx->items.empty() ? 1 : ctx->items[0]->index;
    } else {
        exit->index = m_gradMode ? 1 : 0;
        setGradMode(ctx->index != 0);
    }
    push(exit);
    push(Value::constant(Py_None));
}

} // namespace dynascope
