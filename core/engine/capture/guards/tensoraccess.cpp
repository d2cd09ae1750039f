// TensorAccess: reads dtype, device, requires_grad, dispatch keys, sizes and strides from the
// at::Tensor inside a THPVariable. Compiled against LibTorch's headers (and linked with c10 only:
// everything used here is inline or in c10).
#include "guards/tensoraccess.h"

#include <c10/core/DefaultDtype.h>
#include <c10/core/GradMode.h>
#include <torch/csrc/autograd/python_variable.h>

namespace dynascope {

TensorFacts TensorAccess::read(PyObject *tensor) {
    const at::Tensor &t = THPVariable_Unpack(tensor);
    TensorFacts f;
    f.dtype = static_cast<int>(t.scalar_type());
    c10::Device device = t.device();
    f.deviceType = static_cast<int>(device.type());
    f.deviceIndex = device.index();
    f.requiresGrad = t.requires_grad();
    f.dispatchKeys = t.key_set().raw_repr();
    c10::IntArrayRef sizes = t.sizes(), strides = t.strides();
    f.sizes.assign(sizes.begin(), sizes.end());
    f.strides.assign(strides.begin(), strides.end());
    f.markedDynamic = markedDynamicDims(tensor);
    return f;
}

uint64_t TensorAccess::markedDynamicDims(PyObject *tensor) {
    PyObject **dictPtr = _PyObject_GetDictPtr(tensor);
    if (!dictPtr || !*dictPtr)
        return 0;
    static PyObject *key = PyUnicode_InternFromString("_dynascope_dynamic_dims");
    PyObject *dims = PyDict_GetItemWithError(*dictPtr, key); // borrowed
    if (!dims || !PyAnySet_Check(dims)) {
        PyErr_Clear();
        return 0;
    }
    uint64_t bits = 0;
    Py_ssize_t pos = 0;
    PyObject *dim = nullptr;
    Py_hash_t hash = 0;
    while (_PySet_NextEntry(dims, &pos, &dim, &hash)) {
        long d = PyLong_Check(dim) ? PyLong_AsLong(dim) : -1;
        if (d >= 0 && d < 64)
            bits |= uint64_t{1} << d;
    }
    PyErr_Clear();
    return bits;
}

TensorMismatch TensorAccess::compare(PyObject *tensor, const TensorFacts &e, int *index) {
    const at::Tensor &t = THPVariable_Unpack(tensor);
    const c10::TensorImpl *impl = t.unsafeGetTensorImpl();
    if (impl->key_set().raw_repr() != e.dispatchKeys)
        return TensorMismatch::DispatchKeys;
    if (static_cast<int>(t.scalar_type()) != e.dtype)
        return TensorMismatch::Dtype;
    c10::Device device = impl->device();
    if (static_cast<int>(device.type()) != e.deviceType || device.index() != e.deviceIndex)
        return TensorMismatch::Device;
    if (impl->requires_grad() != e.requiresGrad)
        return TensorMismatch::RequiresGrad;
    c10::IntArrayRef sizes = impl->sizes();
    size_t n = sizes.size();
    if (n != e.sizes.size())
        return TensorMismatch::Rank;
    for (size_t i = 0; i < n; ++i)
        if (e.sizes[i] >= 0 && sizes[i] != e.sizes[i]) {
            *index = static_cast<int>(i);
            return TensorMismatch::Size;
        }
    if (!e.strides.empty()) {
        c10::IntArrayRef strides = impl->strides();
        for (size_t i = 0; i < n && i < e.strides.size(); ++i)
            if (e.strides[i] >= 0 && strides[i] != e.strides[i]) {
                *index = static_cast<int>(i);
                return TensorMismatch::Stride;
            }
    }
    if (markedDynamicDims(tensor) & ~e.markedDynamic)
        return TensorMismatch::MarkedDynamic;
    return TensorMismatch::None;
}

bool TensorAccess::size(PyObject *tensor, int dim, int64_t *out) {
    c10::IntArrayRef sizes = THPVariable_Unpack(tensor).sizes();
    if (dim < 0 || static_cast<size_t>(dim) >= sizes.size())
        return false;
    *out = sizes[dim];
    return true;
}

int TensorAccess::defaultScalarType() {
    return static_cast<int>(c10::get_default_dtype_as_scalartype());
}

bool TensorAccess::gradModeEnabled() {
    return c10::GradMode::is_enabled();
}

std::string TensorAccess::scalarTypeText(int dtype) {
    return c10::toString(static_cast<c10::ScalarType>(dtype));
}

std::string TensorAccess::deviceText(int type, int index) {
    std::string text =
        "device(type='" + c10::DeviceTypeName(static_cast<c10::DeviceType>(type), true) + "'";
    if (index >= 0)
        text += ", index=" + std::to_string(index);
    return text + ")";
}

std::string TensorAccess::dispatchKeysText(uint64_t raw) {
    return c10::toString(c10::DispatchKeySet(c10::DispatchKeySet::RAW, raw));
}

} // namespace dynascope
