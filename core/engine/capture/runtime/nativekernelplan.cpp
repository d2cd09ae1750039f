// NativeKernelPlan: the signature check and the call of one plan's kernels.
#include "runtime/nativekernelplan.h"

#include "runtime/tensormemory.h"

namespace dynascope {

namespace {

// torch.empty_strided(size, stride, dtype=…) through a vectorcall: only used when LibTorch's
// allocator could not be found (TensorMemory::canAllocate()).
PyObject *emptyStridedFromPython(const NativeKernelPlan::Fresh &f, void **data) {
    static PyObject *emptyStrided = [] {
        PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
        return torch ? PyObject_GetAttrString(torch.get(), "empty_strided") : nullptr;
    }();
    static PyObject *dtypeName = PyTuple_Pack(1, PyUnicode_InternFromString("dtype"));
    if (!emptyStrided)
        return nullptr;
    PyObject *args[] = {f.size.get(), f.stride.get(), f.dtypeObject.get()};
    PyObject *t = PyObject_Vectorcall(emptyStrided, args, 2, dtypeName);
    if (t)
        *data = TensorMemory::dataPointer(t);
    return t;
}

} // namespace

bool NativeKernelPlan::consistent() const {
    auto inB = [this](int slot) { return slot >= 0 && slot < static_cast<int>(buffers.size()); };
    for (const Input &in : inputs)
        if (in.tensor && !inB(in.slot))
            return false;
    for (const Fresh &f : fresh)
        if (!inB(f.slot) || f.sizes.size() != f.strides.size())
            return false;
    for (const Output &o : outputs) {
        size_t limit = o.kind == Output::Kind::Fresh ? fresh.size() : inputs.size();
        if (o.kind != Output::Kind::Constant &&
            (o.index < 0 || static_cast<size_t>(o.index) >= limit))
            return false;
    }
    return !sizes.empty();
}

bool NativeKernelPlan::matches(PyObject *args) const {
    if (PyTuple_GET_SIZE(args) != static_cast<Py_ssize_t>(inputs.size()))
        return false;
    for (size_t i = 0; i < inputs.size(); ++i) {
        PyObject *arg = PyTuple_GET_ITEM(args, i);
        const Input &in = inputs[i];
        if (Py_TYPE(arg) != in.type)
            return false;
        if (in.tensor) {
            int dim = 0;
            if (TensorAccess::compare(arg, in.facts, &dim) != TensorMismatch::None)
                return false;
        } else if (arg != in.value.get()) {
            int equal = PyObject_RichCompareBool(arg, in.value.get(), Py_EQ);
            if (equal != 1) {
                PyErr_Clear();
                return false;
            }
        }
    }
    return true;
}

bool NativeKernelPlan::run(PyObject *args, std::vector<PyRef> &out) {
    void **B = buffers.data();
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].slot >= 0)
            B[inputs[i].slot] = TensorMemory::dataPointer(PyTuple_GET_ITEM(args, i));
    // Small graphs have one or two outputs: no heap allocation for their references.
    PyObject *localMade[4];
    std::vector<PyObject *> heapMade;
    PyObject **made = localMade;
    if (fresh.size() > 4) {
        heapMade.resize(fresh.size());
        made = heapMade.data();
    }
    for (size_t i = 0; i < fresh.size(); ++i) {
        const Fresh &f = fresh[i];
        PyObject *t = TensorMemory::emptyStrided(f.sizes, f.strides, f.dtype, &B[f.slot]);
        if (!t && !PyErr_Occurred())
            t = emptyStridedFromPython(f, &B[f.slot]);
        if (!t) {
            for (size_t j = 0; j < i; ++j)
                Py_DECREF(made[j]);
            return false;
        }
        made[i] = t;
    }
    const int64_t *S = sizes.data();
    for (KernelEntry entry : segments)
        entry(B, S);
    for (const Output &o : outputs) {
        switch (o.kind) {
        case Output::Kind::Fresh:
            out.push_back(PyRef::borrow(made[o.index]));
            break;
        case Output::Kind::Input:
            out.push_back(PyRef::borrow(PyTuple_GET_ITEM(args, o.index)));
            break;
        case Output::Kind::Constant:
            out.push_back(o.value);
            break;
        }
    }
    for (size_t i = 0; i < fresh.size(); ++i)
        Py_DECREF(made[i]);
    ++calls;
    return true;
}

} // namespace dynascope
