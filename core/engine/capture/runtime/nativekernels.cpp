// The native plans of a compiled graph, kept in a capsule on the graph object (they die with it),
// and the module functions through which the inductor backend attaches them.
#include "runtime/nativekernels.h"

#include "runtime/nativekernelplan.h"
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

std::vector<int64_t> int64List(PyObject *sequence) {
    std::vector<int64_t> out;
    PyRef fast = PyRef::steal(PySequence_Fast(sequence, "a sequence of ints"));
    if (!fast)
        return out;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast.get()); ++i)
        out.push_back(PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast.get(), i)));
    return out;
}

// attach_native_plan(owner, inputs, slots, buffers, sizes, segments, fresh, outputs, params,
// keep) -> a plan handle (native_calls), or None when the inputs cannot be served natively.
//   inputs: the example inputs of the signature; slots: B position per input (-1: no tensor);
//   buffers: B's initial contents (addresses); sizes: S; segments: entry addresses in order;
//   fresh: (slot, sizes, strides, dtype, a tensor of that dtype) per output made each call;
//   outputs: ("fresh", i) | ("input", i) | ("constant", value); params: tensors the graph reads
//   itself; keep: what keeps the addresses valid.
PyObject *attachNativePlan(PyObject *, PyObject *args) {
    PyObject *owner, *inputs, *slots, *buffers, *sizes, *segments, *fresh, *outputs, *params,
        *keep;
    if (!PyArg_ParseTuple(args, "OO!OOOOOOOO:attach_native_plan", &owner, &PyTuple_Type, &inputs,
                          &slots, &buffers, &sizes, &segments, &fresh, &outputs, &params, &keep))
        return nullptr;
    auto plan = std::make_shared<NativeKernelPlan>();
    std::vector<int64_t> slotList = int64List(slots);
    if (PyErr_Occurred())
        return nullptr;
    if (slotList.size() != static_cast<size_t>(PyTuple_GET_SIZE(inputs))) {
        PyErr_SetString(PyExc_ValueError, "attach_native_plan: one slot per input");
        return nullptr;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(inputs); ++i) {
        PyObject *value = PyTuple_GET_ITEM(inputs, i);
        NativeKernelPlan::Input in;
        in.type = Py_TYPE(value);
        in.slot = static_cast<int>(slotList[i]);
        in.tensor = in.slot >= 0;
        if (in.tensor) {
            in.facts = TensorAccess::read(value);
            plan->inputsRequireGrad = plan->inputsRequireGrad || in.facts.requiresGrad;
        } else {
            in.value = PyRef::borrow(value);
        }
        plan->inputs.push_back(std::move(in));
    }
    for (int64_t address : int64List(buffers))
        plan->buffers.push_back(reinterpret_cast<void *>(address));
    plan->sizes = int64List(sizes);
    for (int64_t address : int64List(segments))
        plan->segments.push_back(reinterpret_cast<KernelEntry>(address));
    if (PyErr_Occurred())
        return nullptr;
    PyRef freshList = PyRef::steal(PySequence_Fast(fresh, "fresh outputs"));
    if (!freshList)
        return nullptr;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(freshList.get()); ++i) {
        NativeKernelPlan::Fresh f;
        PyObject *size = nullptr, *stride = nullptr, *dtype = nullptr, *example = nullptr;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(freshList.get(), i), "iO!O!OO", &f.slot,
                              &PyTuple_Type, &size, &PyTuple_Type, &stride, &dtype, &example))
            return nullptr;
        f.size = PyRef::borrow(size);
        f.stride = PyRef::borrow(stride);
        f.dtypeObject = PyRef::borrow(dtype);
        f.sizes = int64List(f.size.get());
        f.strides = int64List(f.stride.get());
        f.dtype = TensorAccess::read(example).dtype;
        plan->fresh.push_back(std::move(f));
    }
    PyRef outputList = PyRef::steal(PySequence_Fast(outputs, "outputs"));
    if (!outputList)
        return nullptr;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(outputList.get()); ++i) {
        const char *kind = nullptr;
        PyObject *what = nullptr;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(outputList.get(), i), "sO", &kind, &what))
            return nullptr;
        NativeKernelPlan::Output o;
        std::string k = kind;
        if (k == "constant") {
            o.kind = NativeKernelPlan::Output::Kind::Constant;
            o.value = PyRef::borrow(what);
        } else {
            o.kind = k == "fresh" ? NativeKernelPlan::Output::Kind::Fresh
                                  : NativeKernelPlan::Output::Kind::Input;
            o.index = static_cast<int>(PyLong_AsLong(what));
        }
        plan->outputs.push_back(std::move(o));
    }
    if (PyErr_Occurred())
        return nullptr;
    if (!plan->consistent()) {
        PyErr_SetString(PyExc_ValueError, "attach_native_plan: a slot or index out of range");
        return nullptr;
    }
    plan->keep = PyRef::borrow(keep);
    NativeKernelGraph *graph = graphFor(owner);
    if (!graph)
        return nullptr;
    if (graph->plans.size() >= kMaxPlans)
        Py_RETURN_NONE;
    graph->params.clear();
    PyRef paramList = PyRef::steal(PySequence_Fast(params, "params"));
    if (!paramList)
        return nullptr;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(paramList.get()); ++i)
        graph->params.push_back(PyRef::borrow(PySequence_Fast_GET_ITEM(paramList.get(), i)));
    graph->plans.push_back(plan);
    anyAttached = true;
    return PyCapsule_New(new std::shared_ptr<NativeKernelPlan>(plan), kPlanCapsuleName,
                         [](PyObject *c) {
                             delete static_cast<std::shared_ptr<NativeKernelPlan> *>(
                                 PyCapsule_GetPointer(c, kPlanCapsuleName));
                         });
}

// native_calls(handle) -> how many calls the plan served from C++.
PyObject *nativeCalls(PyObject *, PyObject *handle) {
    auto *plan = static_cast<std::shared_ptr<NativeKernelPlan> *>(
        PyCapsule_GetPointer(handle, kPlanCapsuleName));
    return plan ? PyLong_FromLong((*plan)->calls) : nullptr;
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
    PyObject *tuple = PyTuple_New(static_cast<Py_ssize_t>(outputs.size()));
    for (size_t i = 0; tuple && i < outputs.size(); ++i)
        PyTuple_SET_ITEM(tuple, i, outputs[i].release());
    return tuple;
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
    {"attach_native_plan", attachNativePlan, METH_VARARGS,
     "attach_native_plan(owner, inputs, slots, buffers, sizes, segments, fresh, outputs, "
     "params, keep) -> handle or None"},
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
