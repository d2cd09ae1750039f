// TensorAccess: a torch.Tensor's metadata read straight from the at::Tensor behind the Python
// object (THPVariable_Unpack), for the fast TENSOR_MATCH check. The only engine file that
// includes LibTorch headers is tensoraccess.cpp; this header has none.
#pragma once

#include <Python.h>

#include <cstdint>
#include <string>
#include <vector>

namespace dynascope {

// What TENSOR_MATCH compares. sizes/strides hold -1 where a dimension is not checked
// (symbolic): the guard is made from a tensor and then the dynamic dims are cleared.
struct TensorFacts {
    int dtype = -1;       // c10::ScalarType
    int deviceType = -1;  // c10::DeviceType
    int deviceIndex = -1; // -1: no index
    bool requiresGrad = false;
    uint64_t dispatchKeys = 0; // DispatchKeySet::raw_repr()
    std::vector<int64_t> sizes, strides;
    // Bit d: dim d was marked by torch._dynamo.mark_dynamic. A tensor matches when its marks
    // are a subset of these (Dynamo's `_dynamo_dynamic_indices.issubset(...)` guard).
    uint64_t markedDynamic = 0;
};

// Which part of a tensor check failed first, in TorchDynamo's TensorCheck order.
enum class TensorMismatch {
    None,
    DispatchKeys,
    Dtype,
    Device,
    RequiresGrad,
    Rank,
    Size,
    Stride,
    MarkedDynamic
};

class TensorAccess {
public:
    // `tensor` must be a torch.Tensor (or subclass) instance: THPVariable layout.
    static TensorFacts read(PyObject *tensor);
    // Compares without allocating; `index` gets the dimension of a Size/Stride mismatch.
    static TensorMismatch compare(PyObject *tensor, const TensorFacts &expected, int *index);
    // The dims mark_dynamic marked on `tensor`, as TensorFacts::markedDynamic holds them (read
    // from its instance dict: no attribute lookup, nothing allocated for an unmarked tensor).
    static uint64_t markedDynamicDims(PyObject *tensor);
    // The size of dimension `dim`; false when the tensor has fewer dimensions.
    static bool size(PyObject *tensor, int dim, int64_t *out);
    // torch.is_grad_enabled() without a Python call.
    static bool gradModeEnabled();
    // torch.get_default_dtype() as its c10::ScalarType, without a Python call.
    static int defaultScalarType();
    // The name Dynamo prints for a c10::ScalarType ("Float", "Half").
    static std::string scalarTypeText(int dtype);
    // repr() of the torch.device: "device(type='cpu')", "device(type='cuda', index=0)".
    static std::string deviceText(int type, int index);
    // c10's printing of a raw dispatch key set: "DispatchKeySet(CPU, ADInplaceOrView, …)".
    static std::string dispatchKeysText(uint64_t raw);
};

} // namespace dynascope
