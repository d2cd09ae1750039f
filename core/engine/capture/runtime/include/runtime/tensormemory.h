// TensorMemory: what the C++ kernel call path needs from a torch.Tensor besides its metadata (the
// guards' TensorAccess): its data pointer, whether it requires grad, and fresh output tensors.
// Only tensormemory.cpp includes LibTorch headers; this header has none.
#pragma once

#include <Python.h>

#include <cstdint>
#include <vector>

namespace dynascope {

class TensorMemory {
public:
    // `tensor` must be a torch.Tensor (or subclass) instance.
    static void *dataPointer(PyObject *tensor);
    static bool requiresGrad(PyObject *tensor);
    // A new uninitialised CPU tensor (a new reference) and its data pointer, made in C++ by
    // LibTorch's own allocator (at::detail::empty_strided_cpu, wrapped as torch does); null
    // without a Python error when those functions cannot be found in the loaded torch
    // libraries (the caller then allocates through torch.empty_strided), null with a Python
    // error when the allocation fails.
    static PyObject *emptyStrided(const std::vector<int64_t> &sizes,
                                  const std::vector<int64_t> &strides, int dtype, void **data);
    // Whether emptyStrided can allocate (looks the functions up once; needs torch imported).
    static bool canAllocate();
};

} // namespace dynascope
