// The native plans of a compiled graph, kept in a capsule on the graph object (they die with it),
// and the module functions through which the inductor backend makes, attaches and runs them.
#include "runtime/nativekernels.h"

#include "runtime/nativekernelplan.h"
#include "runtime/nativeplanreader.h"
#include "runtime/tensormemory.h"

#include <memory>
#include <string>

namespace dynascope {

namespace {

const char *const kCapsuleName = "dynascope.NativeKernelGraph";
const char *const kPlanCapsuleName = "dynascope.NativeKernelPlan";
constexpr size_t kMaxPlans = 16; // signatures per graph served natively; the rest go to Python

struct NativeKernelGraph {
    std::vector<std::shared_ptr<NativeKernelPlan>> plans;
    std::vector<PyRef> params; // tensors the graph reads itself (module parameters)
};

bool anyAttached = false; // no lookup at all until a plan exists (eager backends pay nothing)

PyObject *attributeName() {
    static PyObject *name = PyUnicode_InternFromString("_dynascope_native");
    return name;
}

NativeKernelGraph *graphOf(PyObject *compiled) {
    // Only plain instances: a getattr hook (a bound method's) would raise and clear an
    // AttributeError on every call.
    if (!anyAttached || Py_TYPE(compiled)->tp_getattro != PyObject_GenericGetAttr)
        return nullptr;
    PyObject *capsule = nullptr;
    if (_PyObject_LookupAttr(compiled, attributeName(), &capsule) <= 0) {
        PyErr_Clear();
        return nullptr;
    }
    PyRef held = PyRef::steal(capsule);
    if (!PyCapsule_IsValid(capsule, kCapsuleName))
        return nullptr; // someone else's attribute of that name
    return static_cast<NativeKernelGraph *>(PyCapsule_GetPointer(capsule, kCapsuleName));
}

NativeKernelGraph *graphFor(PyObject *owner) {
    if (NativeKernelGraph *g = graphOf(owner))
        return g;
    auto *g = new NativeKernelGraph;
    PyRef capsule = PyRef::steal(PyCapsule_New(g, kCapsuleName, [](PyObject *c) {
        delete static_cast<NativeKernelGraph *>(PyCapsule_GetPointer(c, kCapsuleName));
    }));
    if (!capsule) {
        delete g;
        return nullptr;
    }
    if (PyObject_SetAttr(owner, attributeName(), capsule.get()) < 0)
        return nullptr;
    return g;
}

std::shared_ptr<NativeKernelPlan> *planOf(PyObject *handle) {
    return static_cast<std::shared_ptr<NativeKernelPlan> *>(
        PyCapsule_GetPointer(handle, kPlanCapsuleName));
}

PyObject *tupleOf(std::vector<PyRef> &items) {
    PyObject *tuple = PyTuple_New(static_cast<Py_ssize_t>(items.size()));
    for (size_t i = 0; tuple && i < items.size(); ++i)
        PyTuple_SET_ITEM(tuple, i, items[i].release());
    return tuple;
}

// native_plan(inputs, slots, buffers, sizes, program, views, fresh, outputs, resident, keep) ->
// a plan handle (NativePlanReader::read says what each argument holds).
PyObject *nativePlan(PyObject *, PyObject *args) {
    std::shared_ptr<NativeKernelPlan> plan = NativePlanReader::read(args);
    if (!plan)
        return nullptr;
    return PyCapsule_New(new std::shared_ptr<NativeKernelPlan>(plan), kPlanCapsuleName,
                         [](PyObject *c) { delete planOf(c); });
}

// attach_native_plan(owner, handle, params) -> handle, or None when the graph has as many plans
// as C++ serves: from then on a cache hit of `owner` whose inputs match runs the plan from C++.
//   params: tensors the graph reads itself (their requires_grad decides under grad mode).
PyObject *attachNativePlan(PyObject *, PyObject *args) {
    PyObject *owner, *handle, *params;
    if (!PyArg_ParseTuple(args, "OOO:attach_native_plan", &owner, &handle, &params))
        return nullptr;
    std::shared_ptr<NativeKernelPlan> *plan = planOf(handle);
    if (!plan)
        return nullptr;
    NativeKernelGraph *graph = graphFor(owner);
    if (!graph)
        return nullptr;
    if (graph->plans.size() >= kMaxPlans)
        Py_RETURN_NONE;
    PyRef paramList = PyRef::steal(PySequence_Fast(params, "params"));
    if (!paramList)
        return nullptr;
    graph->params.clear();
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(paramList.get()); ++i)
        graph->params.push_back(PyRef::borrow(PySequence_Fast_GET_ITEM(paramList.get(), i)));
    graph->plans.push_back(*plan);
    anyAttached = true;
    return Py_NewRef(handle);
}

// run_native_plan(handle, inputs) -> the outputs tuple, or None when the inputs do not have the
// plan's signature (the caller runs its Python runner): how a training plan's autograd.Function
// calls its forward and backward halves, one C++ call each.
PyObject *runNativePlan(PyObject *, PyObject *args) {
    PyObject *handle, *inputs;
    if (!PyArg_ParseTuple(args, "OO!:run_native_plan", &handle, &PyTuple_Type, &inputs))
        return nullptr;
    std::shared_ptr<NativeKernelPlan> *plan = planOf(handle);
    if (!plan)
        return nullptr;
    if (!(*plan)->matches(inputs))
        Py_RETURN_NONE;
    std::shared_ptr<NativeKernelPlan> held = *plan;
    std::vector<PyRef> outputs;
    if (!held->run(inputs, outputs))
        return nullptr;
    return tupleOf(outputs);
}

// native_calls(handle) -> how many calls the plan served from C++.
PyObject *nativeCalls(PyObject *, PyObject *handle) {
    std::shared_ptr<NativeKernelPlan> *plan = planOf(handle);
    return plan ? PyLong_FromLong((*plan)->calls) : nullptr;
}

// native_externs() -> {op name: None when C++ calls it, else why not}.
PyObject *nativeExterns(PyObject *, PyObject *) {
    PyRef dict = PyRef::steal(PyDict_New());
    for (int i = 0; dict && i < static_cast<int>(ExternOp::Count); ++i) {
        const std::string missing = NativeKernelPlan::externMissing(static_cast<ExternOp>(i));
        PyRef why = missing.empty() ? PyRef::borrow(Py_None)
                                    : PyRef::steal(PyUnicode_FromString(missing.c_str()));
        if (!why ||
            PyDict_SetItemString(dict.get(), NativeKernelPlan::externName(static_cast<ExternOp>(i)),
                                 why.get()) < 0)
            return nullptr;
    }
    return dict.release();
}

// call_native(owner, inputs) -> the outputs tuple, or None when no native plan serves them
// (what the capture core does on a cache hit, without the guards: bench times it).
PyObject *callNative(PyObject *, PyObject *args) {
    PyObject *owner, *inputs;
    if (!PyArg_ParseTuple(args, "OO!:call_native", &owner, &PyTuple_Type, &inputs))
        return nullptr;
    std::vector<PyRef> outputs;
    switch (callNativeKernels(owner, inputs, outputs)) {
    case NativeCall::NotServed:
        Py_RETURN_NONE;
    case NativeCall::Failed:
        return nullptr;
    case NativeCall::Served:
        break;
    }
    return tupleOf(outputs);
}

// native_allocator() -> "aten" (outputs made in C++) or "python" (torch.empty_strided).
PyObject *nativeAllocator(PyObject *, PyObject *) {
    return PyUnicode_FromString(TensorMemory::canAllocate() ? "aten" : "python");
}

// Whether one tensor object stands twice among the inputs and parameters (few: a plain scan).
bool passedTwice(PyObject *args, const std::vector<PyRef> &params) {
    std::vector<PyObject *> seen(params.size());
    for (size_t i = 0; i < params.size(); ++i)
        seen[i] = params[i].get();
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i)
        seen.push_back(PyTuple_GET_ITEM(args, i));
    for (size_t i = 0; i < seen.size(); ++i)
        for (size_t j = i + 1; j < seen.size(); ++j)
            if (seen[i] == seen[j] && !PyLong_Check(seen[i]) && !PyFloat_Check(seen[i]))
                return true;
    return false;
}

PyMethodDef nativeMethods[] = {
    {"native_plan", nativePlan, METH_VARARGS,
     "native_plan(inputs, slots, buffers, sizes, program, views, fresh, outputs, resident, "
     "keep) -> handle"},
    {"attach_native_plan", attachNativePlan, METH_VARARGS,
     "attach_native_plan(owner, handle, params) -> handle or None"},
    {"run_native_plan", runNativePlan, METH_VARARGS,
     "run_native_plan(handle, inputs) -> outputs or None"},
    {"native_externs", nativeExterns, METH_NOARGS,
     "native_externs() -> {op: None, or why C++ does not call it}"},
    {"native_calls", nativeCalls, METH_O, "native_calls(handle) -> calls served from C++"},
    {"call_native", callNative, METH_VARARGS, "call_native(owner, inputs) -> outputs or None"},
    {"native_allocator", nativeAllocator, METH_NOARGS, "how native calls allocate outputs"},
    {nullptr, nullptr, 0, nullptr}};

} // namespace

NativeCall callNativeKernels(PyObject *compiled, PyObject *args, std::vector<PyRef> &outputs) {
    NativeKernelGraph *graph = graphOf(compiled);
    if (!graph)
        return NativeCall::NotServed;
    // Under grad mode a parameter that requires grad makes the Python side choose a training
    // plan; under no_grad it takes the same inference plan as here.
    if (!graph->params.empty() && TensorAccess::gradModeEnabled())
        for (const PyRef &p : graph->params)
            if (TensorMemory::requiresGrad(p.get()))
                return NativeCall::NotServed;
    for (const std::shared_ptr<NativeKernelPlan> &plan : graph->plans)
        if (plan->matches(args)) {
            if (plan->inputsRequireGrad &&
                (TensorAccess::gradModeEnabled() || passedTwice(args, graph->params)))
                return NativeCall::NotServed; // training, or eager: the Python side decides
            std::shared_ptr<NativeKernelPlan> held = plan; // alive even if the graph goes
            // The graph stands for calls into torch, each a C call that counts against the
            // recursion limit: an endless recursion through compiled functions then ends where
            // and as CPython's does ("… while calling a Python object"), not one frame later.
            if (Py_EnterRecursiveCall(" while calling a Python object"))
                return NativeCall::Failed;
            const bool ran = held->run(args, outputs);
            Py_LeaveRecursiveCall();
            return ran ? NativeCall::Served : NativeCall::Failed;
        }
    return NativeCall::NotServed;
}

bool addNativeKernelFunctions(PyObject *module) {
    return PyModule_AddFunctions(module, nativeMethods) == 0;
}

} // namespace dynascope
