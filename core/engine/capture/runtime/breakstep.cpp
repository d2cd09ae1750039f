// Break steps: the instruction a region's trace stopped at, done concretely by the runtime (a
// call, whose callee's own frame is captured as under Dynamo; a jump), and where it is decoded.
#include "runtime/breakstep.h"

#include "runtime/framehook.h"

#include <opcode.h>

namespace dynascope {

BreakStep breakStepAt(const CodeView &view, int offset) {
    BreakStep step;
    step.offset = offset;
    const CodeInstruction *ins = view.at(offset);
    // Inside a try block a failing step must reach the user's handler, which only CPython can
    // do; with-blocks are fine (the tracer only enters grad-mode ones, restored on failure).
    if (!ins || (view.inTryBlock(offset) && !view.onlyWithBlocks(offset)))
        return step;
    const int op = ins->opcode;
    if (op == KW_NAMES || op == PRECALL) {
        int i = view.indexAt(offset);
        const auto &code = view.instructions();
        if (op == KW_NAMES) {
            auto *c = reinterpret_cast<PyCodeObject *>(view.code());
            step.kwNames = PyRef::borrow(PyTuple_GetItem(c->co_consts, ins->arg));
            step.kwCount = static_cast<int>(PyTuple_Size(step.kwNames.get()));
        }
        while (i < static_cast<int>(code.size()) && code[i].opcode != CALL)
            ++i;
        if (i >= static_cast<int>(code.size()))
            return step;
        step.kind = BreakStep::Kind::Call;
        step.argc = code[i].arg;
        step.next = code[i].next;
        return step;
    }
    if (op == CALL_FUNCTION_EX) {
        // f(*args) / f(*args, **kwargs): [NULL, f, args tuple, kwargs dict if arg & 1].
        step.kind = BreakStep::Kind::Call;
        step.unpacked = true;
        step.argc = 1 + (ins->arg & 1);
        step.next = ins->next;
        return step;
    }
    if (op == STORE_SUBSCR || op == STORE_ATTR) {
        step.kind = BreakStep::Kind::Store;
        step.next = ins->next;
        if (op == STORE_ATTR) {
            auto *c = reinterpret_cast<PyCodeObject *>(view.code());
            step.attrName = PyRef::borrow(PyTuple_GetItem(c->co_names, ins->arg));
        }
        return step;
    }
    if (op == POP_JUMP_FORWARD_IF_FALSE || op == POP_JUMP_FORWARD_IF_TRUE ||
        op == JUMP_IF_FALSE_OR_POP || op == JUMP_IF_TRUE_OR_POP) {
        step.kind = BreakStep::Kind::Jump;
        step.jumpTarget = ins->jumpTarget;
        step.next = ins->next;
        step.jumpIfTrue = op == POP_JUMP_FORWARD_IF_TRUE || op == JUMP_IF_TRUE_OR_POP;
        step.popAlways = op == POP_JUMP_FORWARD_IF_FALSE || op == POP_JUMP_FORWARD_IF_TRUE;
    }
    return step;
}

namespace {

// The code object whose frame a break-step call reaches when it is user code that Dynamo would
// compile in its own right (functions, methods, nn.Module forwards); null for library code,
// builtins and disabled functions, which run as they are.
PyObject *calleeCode(PyObject *callable) {
    PyObject *f = callable;
    if (PyMethod_Check(f))
        f = PyMethod_GET_FUNCTION(f);
    PyRef forward;
    if (!PyFunction_Check(f)) {
        PyRef nn = PyRef::steal(PyImport_ImportModule("torch.nn"));
        PyRef moduleType = nn ? PyRef::steal(PyObject_GetAttrString(nn.get(), "Module")) : PyRef();
        if (moduleType && PyObject_IsInstance(f, moduleType.get()) == 1)
            forward = PyRef::steal(
                PyObject_GetAttrString(reinterpret_cast<PyObject *>(Py_TYPE(f)), "forward"));
        PyErr_Clear();
        if (!forward || !PyFunction_Check(forward.get()))
            return nullptr;
        f = forward.get();
    }
    if (PyObject_HasAttrString(f, "_dynascope_disabled"))
        return nullptr;
    PyRef mod = PyRef::steal(PyObject_GetAttrString(f, "__module__"));
    PyErr_Clear();
    std::string m = mod && PyUnicode_Check(mod.get()) ? PyUnicode_AsUTF8(mod.get()) : "";
    if (m == "torch" || m.rfind("torch.", 0) == 0 || m.rfind("_dynascope", 0) == 0)
        return nullptr;
    auto *code = reinterpret_cast<PyCodeObject *>(PyFunction_GET_CODE(f));
    if (code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))
        return nullptr;
    return reinterpret_cast<PyObject *>(code);
}

} // namespace

bool performCall(std::vector<PyRef> &stack, int &offset, const BreakStep &step,
                 const CaptureTarget &target) {
    size_t n = static_cast<size_t>(step.argc) + 2;
    if (stack.size() < n) {
        PyErr_SetString(PyExc_SystemError, "dynascope: call break with a short stack");
        return false;
    }
    std::vector<PyRef> items(stack.end() - n, stack.end());
    stack.resize(stack.size() - n);
    PyObject *callable;
    std::vector<PyObject *> args;
    if (!items[0]) {
        callable = items[1].get();
    } else {
        callable = items[0].get();
        args.push_back(items[1].get());
    }
    for (size_t i = 2; i < items.size(); ++i)
        args.push_back(items[i].get());
    size_t npos = args.size() - step.kwCount;
    PyRef r;
    if (step.unpacked) {
        PyRef tuple = PyRef::steal(PySequence_Tuple(args[0]));
        PyObject *kwargs = args.size() > 1 ? args[1] : nullptr;
        if (!tuple)
            return false;
        PyObject *code = calleeCode(callable);
        r = PyRef::steal(code ? callUnderCapture(callable, code, target, tuple.get(), kwargs)
                              : PyObject_Call(callable, tuple.get(), kwargs));
    } else if (PyObject *code = calleeCode(callable)) {
        // As under Dynamo, the callee's own frame is captured (with the same backend).
        PyRef tuple = PyRef::steal(PyTuple_New(npos));
        for (size_t i = 0; i < npos; ++i) {
            Py_INCREF(args[i]);
            PyTuple_SET_ITEM(tuple.get(), i, args[i]);
        }
        PyRef kwargs;
        if (step.kwCount) {
            kwargs = PyRef::steal(PyDict_New());
            for (int i = 0; i < step.kwCount; ++i)
                PyDict_SetItem(kwargs.get(), PyTuple_GET_ITEM(step.kwNames.get(), i),
                               args[npos + i]);
        }
        r = PyRef::steal(callUnderCapture(callable, code, target, tuple.get(), kwargs.get()));
    } else {
        r = PyRef::steal(PyObject_Vectorcall(callable, args.data(), npos,
                                             step.kwCount ? step.kwNames.get() : nullptr));
    }
    if (!r)
        return false;
    stack.push_back(r);
    offset = step.next;
    return true;
}

bool performStore(std::vector<PyRef> &stack, int &offset, const BreakStep &step) {
    size_t n = step.attrName ? 2 : 3;
    if (stack.size() < n) {
        PyErr_SetString(PyExc_SystemError, "dynascope: store break with a short stack");
        return false;
    }
    std::vector<PyRef> items(stack.end() - n, stack.end());
    stack.resize(stack.size() - n);
    // STORE_ATTR: [value, obj]; STORE_SUBSCR: [value, container, key].
    int rc = step.attrName
                 ? PyObject_SetAttr(items[1].get(), step.attrName.get(), items[0].get())
                 : PyObject_SetItem(items[1].get(), items[2].get(), items[0].get());
    if (rc < 0)
        return false;
    offset = step.next;
    return true;
}

// A call step raised inside grad-mode with-blocks: their exits (on the stack) restore the mode,
// as CPython's exception path would call them, before the exception leaves the frame.
void restoreGradModes(const std::vector<PyRef> &stack) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
        if (*it && PyFunction_Check(it->get()) &&
            PyObject_HasAttrString(it->get(), "_dynascope_grad_exit"))
            Py_XDECREF(PyObject_CallNoArgs(it->get()));
    PyErr_Clear();
    PyErr_Restore(type, value, tb);
}

bool performJump(std::vector<PyRef> &stack, int &offset, const BreakStep &step) {
    PyRef cond = stack.back();
    int truth = PyObject_IsTrue(cond.get());
    if (truth < 0)
        return false;
    bool jump = step.jumpIfTrue ? truth == 1 : truth == 0;
    if (step.popAlways || !jump)
        stack.pop_back();
    offset = jump ? step.jumpTarget : step.next;
    return true;
}

} // namespace dynascope
